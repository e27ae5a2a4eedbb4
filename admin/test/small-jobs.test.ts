import fs from 'node:fs';
import os from 'node:os';
import type { Page } from 'playwright-core';
import { useProductInBrowser, waitFor } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * "Small jobs feel instant" (issue Performance): someone waiting on a small export has the file in under a
 * second. Measured the way the person feels it: from the click on "CSV" in the Export menu to the browser's
 * download starting (Playwright's `download` event), three times, the median kept against the bound.
 */
// The product's start (initdb, migrations, demo data) takes more than Jest's minute on a busy 2-core machine.
jest.setTimeout(180_000);
const running = useProductInBrowser({ readyTimeoutMs: 170_000 });

/** The user-noticeable target of the issue. */
const CLICK_TO_FILE_MS = 1_000;
const CLICKS = 3;

async function newPage(): Promise<Page> {
  return (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', acceptDownloads: true })).newPage();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

it('a small list export (the ~140 tenant contracts of the demo group) reaches the browser as a file in under a second from the click', async () => {
  const page = await newPage();
  const { baseUrl } = running.product();
  await signInToBackOffice(page, baseUrl, 'staff@demo.test', '/admin/1/TenantContract');
  await page.locator('tbody tr').first().waitFor({ timeout: 90_000 });
  const exportButton = page.getByRole('button', { name: 'Export' });

  const timings: number[] = [];
  let rows = 0;
  for (let click = 0; click < CLICKS; click++) {
    await waitFor('the Export button to be enabled', () => exportButton.isEnabled());
    await exportButton.click();
    const csv = page.getByRole('menuitem', { name: 'CSV' });
    await csv.waitFor();
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    const clicked = performance.now();
    await csv.click();
    const download = await downloading;
    timings.push(Math.round(performance.now() - clicked));
    const text = fs.readFileSync((await download.path())!, 'utf8');
    rows = text.split('\r\n').filter((line) => line !== '').length - 1;
  }
  const load = os.loadavg().map((value) => value.toFixed(2)).join(' ');
  // The figures, for the record (the machine is shared: its load beside them).
  console.log(`click-to-file for a ${rows}-row CSV: ${timings.join(', ')} ms (median ${median(timings)} ms); load ${load}`);
  expect(rows).toBeGreaterThanOrEqual(50);
  expect(rows).toBeLessThanOrEqual(1_000);
  expect(median(timings)).toBeLessThan(CLICK_TO_FILE_MS);
});
