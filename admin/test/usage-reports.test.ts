import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { useProductInBrowser } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

const running = useProductInBrowser();

async function newPage(): Promise<Page> {
  return (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', acceptDownloads: true })).newPage();
}

it('makes a usage report from the uploads list: progress while the job runs, then the CSV downloads', async () => {
  const page = await newPage();
  const { baseUrl } = running.product();
  await signInToBackOffice(page, baseUrl, 'staff@demo.test', '/admin/1/Upload');
  const year = new Date().getFullYear();

  await page.getByRole('button', { name: 'Usage report' }).click();
  await page.getByLabel('From', { exact: true }).fill(`${year}-01-01`);
  await page.getByLabel('To', { exact: true }).fill(`${year}-12-31`);
  // The progress, recorded as it shows: a small report is done in a fraction of a second (the status is a
  // long-poll the server answers as the job finishes), quicker than a test could look for it afterwards.
  await page.evaluate(`(() => {
    window.reportProgress = false;
    new MutationObserver(() => {
      if (/Making the usage report… \\d+%/.test(document.body.innerText)) window.reportProgress = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
  const downloading = page.waitForEvent('download', { timeout: 60000 });
  await page.getByRole('button', { name: 'Create report' }).click();
  const download = await downloading;
  expect(await page.evaluate('window.reportProgress')).toBe(true);

  expect(download.suggestedFilename()).toBe(`usage-report-${year}-01-01-${year}-12-31.csv`);
  expect(download.url()).toMatch(/\/api\/v2\/usage-reports\/\d+\/download\?jwt=[^&]+$/);
  const [header, ...rows] = fs.readFileSync((await download.path())!, 'utf8').split('\r\n').filter((line) => line !== '');
  expect(header).toBe(
    'House contract,House,Address,Agency,Billing type,Utility,Meter serial,Register,From,To,Opening read date,Opening read,Closing read date,Closing read,Consumption (meter units),Consumption (kWh),Estimated,Note',
  );
  expect(rows.length).toBeGreaterThan(0);
  // The report stays in the uploads list.
  await page.getByText(`usage-report-${year}-01-01-${year}-12-31.csv`).first().waitFor();
});

it('offers no usage report to staff without WRITE on usage reports', async () => {
  const page = await newPage();
  await signInToBackOffice(page, running.product().baseUrl, 'readonly@demo.test', '/admin/1/Upload');
  await page.getByRole('button', { name: 'Export' }).waitFor();
  expect(await page.getByRole('button', { name: 'Usage report' }).count()).toBe(0);
});
