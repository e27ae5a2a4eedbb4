import type { Page } from 'playwright-core';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { seriousViolations, waitUntil } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * A tenant contract's Payments tab in the back office, on the demo's group-2 Direct Debit payer whose last
 * collection came back unpaid: the mandate on file, the schedule's next dates, the failed collection with the
 * bank's reason, in words and pounds; "Send payment link" e-mails the tenant; the day's Direct Debit files
 * have their own list. Checked at 1440 and 375 px with axe, nothing wider than the window.
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

it.each([1440, 375])('shows how a contract pays and what came back, and sends a payment link (%i px)', async (width) => {
  const base = running.product().baseUrl;
  const payer: { id: number; email: string } = await db
    .knex('collections as c')
    .join('tenant_contracts as tc', 'tc.id', 'c.tenant_contract_id')
    .join('users as u', 'u.id', 'tc.user_id')
    .where({ 'c.group_id': 2, 'c.status': 'FAILED' })
    .first('tc.id', 'u.email');
  await db.knex('rate_limit_counters').where('key', 'like', 'payment-link:%').delete();
  const page = await newPage(width);
  await signInToBackOffice(page, base, 'staff@demo.test', `/admin/2/TenantContract/${payer.id}/show/payments`);
  const tab = page.getByTestId('contract-payments');
  await tab.waitFor();
  await tab.getByText(/^Direct Debit from 10-88-00 account ending 5628, reference SHB-\d{6}-01$/).waitFor();
  await tab.getByText(/^Regular payment: £62\.50 monthly on day \d+$/).waitFor();
  await tab.getByText('ARUDD 0: Refer to payer (usually insufficient funds)').waitFor();
  expect(await tab.getByRole('region', { name: 'Collections' }).getByText('£62.50').count()).toBe(1);
  await waitUntil(page, "!document.querySelector('[role=progressbar]')");
  expect(await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')).toEqual([width, width]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `.data/screenshots/contract-payments-${width}.png`, fullPage: true });

  await page.getByTestId('send-payment-link').click();
  await page.getByText(`Payment link sent to ${payer.email}`).waitFor();
  expect(await db.knex('outbox_messages').where({ recipient: payer.email, subject: 'Pay your bills online' }).count({ n: '*' })).toEqual([{ n: width === 1440 ? 1 : 2 }]);

  // A refund is asked for on the refund form, already filled in for this contract.
  await tab.getByRole('link', { name: 'Request a refund' }).click();
  await page.waitForURL(`${base}/admin/2/Refund/create`);

  // The day's Direct Debit files, for the Payments desk.
  await page.goto(`${base}/admin/2/BacsSubmission`);
  await page.getByRole('heading', { name: 'Direct Debit files' }).first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});
