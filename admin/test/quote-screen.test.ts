import type { Page } from 'playwright-core';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { seriousViolations, waitUntil } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * Pricing → Price a house: staff price a Leeds house with the quote service the public site uses, read the
 * answer per tenant a week and by service in £, save it as a weekly quote and start a house contract already
 * carrying that weekly price. A missing postcode is named under its field. At 1440 and 375 px with axe.
 */

let db: TestDatabase;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

async function newPage(width: number): Promise<Page> {
  return (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width, height: 900 } })).newPage();
}

it.each([1440, 375])('prices a house, saves the quote and starts a contract at its price (%i px)', async (width) => {
  const base = running.product().baseUrl;
  const page = await newPage(width);
  await signInToBackOffice(page, base, 'staff@demo.test', '/admin/1/quote');
  await page.getByRole('main').getByRole('heading', { name: 'Price a house' }).waitFor();
  const postcode = page.getByRole('textbox', { name: 'Postcode' });
  await page.getByRole('button', { name: 'Price it' }).click();
  await page.locator('input[aria-invalid="true"]').first().waitFor();
  expect(await page.locator('p.Mui-error').allInnerTexts()).toEqual(['Required']);

  await postcode.fill('LS6 1BN');
  await page.getByRole('button', { name: 'Price it' }).click();
  const answer = page.getByTestId('quote-answer');
  const heading = answer.getByRole('heading', { level: 2 });
  await heading.waitFor();
  const weekly = /^£(\d+\.\d\d) per tenant a week$/.exec((await heading.innerText()).trim());
  expect(weekly).not.toBeNull();
  await answer.getByRole('cell', { name: /^Electricity/ }).waitFor();
  await answer.getByText(/Yorkshire, margin 15%/).waitFor();
  await waitUntil(page, "!document.querySelector('[role=progressbar]')");
  expect(await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')).toEqual([width, width]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `.data/screenshots/quote-screen-${width}.png`, fullPage: true });

  const before = Number((await db.knex('weekly_quotes').count({ n: '*' }))[0]!.n);
  await page.getByRole('button', { name: 'Save as a weekly quote' }).click();
  await page.getByText(/^Weekly quote saved \(#\d+\)$/).waitFor();
  const saved = await db.knex('weekly_quotes').orderBy('id', 'desc').first('postcode', 'weekly_per_tenant_pence', 'group_id');
  expect(Number((await db.knex('weekly_quotes').count({ n: '*' }))[0]!.n)).toBe(before + 1);
  expect(saved).toEqual({ postcode: 'LS6 1BN', weekly_per_tenant_pence: Math.round(Number(weekly![1]) * 100), group_id: 1 });

  await page.getByRole('button', { name: 'Start a house contract at this price' }).click();
  await page.waitForURL(`${base}/admin/1/HouseContract/create`);
  const price = page.getByLabel(/Weekly price/);
  await price.waitFor();
  expect(Number((await price.inputValue()).replace(/[£,]/g, ''))).toBe(Number(weekly![1]));
});
