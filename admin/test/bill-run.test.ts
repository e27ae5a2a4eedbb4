import { execFileSync } from 'node:child_process';
import { createTestDatabase, useProductInBrowser, waitFor, type TestDatabase } from '@app/api/testing';
import { GOLDEN_HOUSE, buildBillHouse, type BuiltHouse } from '../../api/src/modules/billing/billing-test-data';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * A bill run from the back office: staff start one for March 2026, watch it finish, open a tenant statement
 * from the Bills list and its PDF. The demo set's BILL houses depend on the day it was generated, so the
 * test adds a house it knows is billable for the period (two tenants, electricity and gas read on both ends).
 */

let db: TestDatabase;
let house: BuiltHouse;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  house = await buildBillHouse(db.knex, { ...GOLDEN_HOUSE, groupId: 1 });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

it('starts a bill run, watches it complete, and opens a statement and its PDF', async () => {
  const page = await (await running.browser().newContext({ acceptDownloads: true })).newPage();
  const { baseUrl } = running.product();
  await signInToBackOffice(page, baseUrl, 'staff@demo.test', '/admin/1/BillRun');

  await page.getByRole('button', { name: 'Start bill run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start bill run' });
  await dialog.getByLabel('Period start').fill('2026-03-01');
  await dialog.getByLabel('Period end').fill('2026-03-31');
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();

  // The new run's page shows its progress and refreshes by itself until the run is finished.
  await page.waitForURL(/\/admin\/1\/BillRun\/\d+\/show/);
  const progress = page.getByTestId('bill-run-progress');
  await progress.waitFor();
  await waitFor('the bill run to finish', async () => /^COMPLETED/.test((await progress.getAttribute('data-status')) ?? ''), 90000);
  await progress.getByText(/ 0 remaining /).waitFor();
  await progress.getByText('Finished').waitFor();
  const runId = Number(/BillRun\/(\d+)\/show/.exec(page.url())![1]);
  const run = await db.knex('bill_runs').where({ id: runId }).first();
  expect(run).toMatchObject({ group_id: 1, period_start: '2026-03-01', period_end: '2026-03-31', houses_remaining: 0 });
  expect(await db.knex('bill_run_houses').where({ bill_run_id: runId, house_contract_id: house.houseContractId }).first('status')).toEqual({ status: 'DONE' });
  await progress.getByText(`${run.houses_done} done`, { exact: false }).waitFor();

  // The bell tells the staff member who started the run that it finished; its button leads back to the run.
  await page.goto(`${baseUrl}/admin/1/BillRun`);
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const drawer = page.getByRole('region', { name: 'Notifications' });
  await drawer.getByRole('button', { name: /^Bill run finished/ }).click();
  await drawer.getByText(`Bill run ${runId} from 2026-03-01: ${run.houses_done} houses billed`, { exact: false }).waitFor();
  await page.screenshot({ path: '.data/screenshots/admin-notifications-drawer.png' });
  await drawer.getByRole('button', { name: 'Open the bill run' }).click();
  await page.waitForURL(`${baseUrl}/admin/1/BillRun/${runId}/show`);
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  // Retrying is offered only when a house failed.
  const retry = page.getByRole('button', { name: 'Retry failed houses' });
  expect(await retry.isDisabled()).toBe(run.houses_failed === 0);

  // Every tenant statement of the period in one ZIP: a PDF each (this house's two among them) beside the list.
  const downloading = page.waitForEvent('download', { timeout: 60000 });
  await page.getByRole('button', { name: 'Statements (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('statements-2026-03-01-2026-03-31.zip');
  const entries = execFileSync('unzip', ['-Z1', (await download.path())!], { encoding: 'utf8' }).trim().split('\n');
  const statements = await db.knex('bills').where({ kind: 'TENANT_STATEMENT', state: 'ISSUED', period_start: '2026-03-01', period_end: '2026-03-31', group_id: 1 }).orderBy('id').pluck('id');
  expect(entries.filter((name) => name.startsWith('statements/')).map((name) => Number(/^statements\/(\d+)-/.exec(name)![1]))).toEqual(statements.map(Number));
  const ours = await db.knex('bills').whereIn('tenant_contract_id', house.tenantContractIds).where({ period_start: '2026-03-01' }).pluck('id');
  expect(ours).toHaveLength(2);
  for (const id of ours) expect(statements.map(Number)).toContain(Number(id));

  // The Bills list, filtered to the first tenant, opens the statement; its PDF link serves the PDF.
  const filter = encodeURIComponent(JSON.stringify({ tenantContractId: house.tenantContractIds[0] }));
  await page.goto(`${baseUrl}/admin/1/Bill?filter=${filter}`);
  // A row opens where it has no link of its own (its id); the middle of a row is a reference to the contract.
  await page.locator('tbody tr').first().locator('td.column-id').click();
  await page.waitForURL(/\/admin\/1\/Bill\/\d+\/show/);
  const billId = Number(/Bill\/(\d+)\/show/.exec(page.url())![1]);
  expect(await db.knex('bills').where({ id: billId }).first('kind', 'tenant_contract_id', 'total_pence')).toEqual({ kind: 'TENANT_STATEMENT', tenant_contract_id: house.tenantContractIds[0], total_pence: 10779 });

  // The PDF opens in a new tab at a link carrying a download token for this one PDF.
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('bill-pdf-link').click()]);
  await popup.waitForURL(/\/pdf\?jwt=/);
  const href = new URL(popup.url()).pathname + new URL(popup.url()).search;
  await popup.close();
  expect(href).toMatch(new RegExp(`^/api/v2/bills/${billId}/pdf\\?jwt=`));
  const pdf = await page.evaluate(async (url) => {
    const res = await fetch(url);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length };
  }, href!);
  expect(pdf).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
  expect(pdf.size).toBeGreaterThan(1000);

  // Without the token the same URL is refused.
  expect(await page.evaluate(async (url) => (await fetch(url)).status, `/api/v2/bills/${billId}/pdf`)).toBe(401);
});
