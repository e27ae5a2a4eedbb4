import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * A house a bill run could not bill is where operators look: counted on the dashboard and pointed to from the
 * job console (its job completed with the reason), leading to the bill run houses with that reason.
 */

let db: TestDatabase;
const REASON = 'No meter reading for the period';
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  const [run] = await db.knex('bill_runs').insert({ group_id: 1, period_start: '2026-10-01', period_end: '2026-10-31', issue_date: '2026-11-01', status: 'COMPLETED_WITH_FAILURES', houses_total: 1, houses_failed: 1 }).returning('id');
  const contract = await db.knex('house_contracts').where({ group_id: 1 }).first('id');
  await db.knex('bill_run_houses').insert({ group_id: 1, bill_run_id: run.id, house_contract_id: contract.id, status: 'FAILED', billing_status: 'READ_NEEDED', error: REASON, attempts: 1 });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

it('counts the failed house on the dashboard and points to it from the job console', async () => {
  const base = running.product().baseUrl;
  const page = await (await running.browser().newContext({ locale: 'en-GB', viewport: { width: 1440, height: 900 } })).newPage();
  await signInToBackOffice(page, base, 'staff@demo.test');
  expect(await page.getByTestId('tile-billRunHousesFailed').locator('p').first().innerText()).toBe('1');

  await page.goto(`${base}/admin/1/Job`);
  const notice = page.getByTestId('billing-failures');
  await notice.getByText('1 house could not be billed in a bill run.').waitFor();
  await notice.getByRole('link', { name: 'see the failed bill run houses' }).click();
  await page.waitForURL(/\/admin\/1\/BillRunHouse\?filter=/);
  await page.getByText(REASON).waitFor();
  await page.context().close();
});
