import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { GOLDEN_HOUSE, MARCH_2026, buildBillHouse, type BuiltHouse } from '../../api/src/modules/billing/billing-test-data';
import { generateHouseStatement } from '../../api/src/modules/billing/house-statement.service';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * Back-office money actions: re-issuing and voiding a statement from its page (with the reason asked for,
 * hidden from read-only staff and on void bills), and crediting a month of the Energy Bills Support Scheme
 * from the Government rebates list (the second time it says nothing new was created).
 */

let db: TestDatabase;
let house: BuiltHouse;
let houseBillId: number;
let rebateHouse: BuiltHouse;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  house = await buildBillHouse(db.knex, { ...GOLDEN_HOUSE, groupId: 1 });
  const outcome = await db.knex.transaction((trx) => generateHouseStatement(trx, { houseContractId: house.houseContractId, ...MARCH_2026, issueDate: '2026-04-02' }));
  if (outcome.status !== 'BILLED') throw new Error('the test house was not billed');
  houseBillId = outcome.houseBillId;
  rebateHouse = await buildBillHouse(db.knex, { groupId: 1, contractStart: '2022-09-01', contractEnd: '2023-08-31', tenants: [{ startDate: '2022-09-01', endDate: '2023-08-31' }], meters: [], tariffs: [] });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

it('re-issues a statement, then voids the new one with a reason; read-only staff see neither action', async () => {
  const { baseUrl } = running.product();
  const readonly = await (await running.browser().newContext()).newPage();
  await signInToBackOffice(readonly, baseUrl, 'readonly@demo.test', `/admin/1/Bill/${houseBillId}/show`);
  await readonly.getByTestId('bill-pdf-link').waitFor();
  expect(await readonly.getByTestId('void-statement').count()).toBe(0);
  expect(await readonly.getByTestId('reissue-statement').count()).toBe(0);

  const page = await (await running.browser().newContext()).newPage();
  await signInToBackOffice(page, baseUrl, 'staff@demo.test', `/admin/1/Bill/${houseBillId}/show`);
  await page.getByRole('button', { name: 'Re-issue' }).click();
  const reissue = page.getByRole('dialog', { name: 'Re-issue statement' });
  expect(await reissue.getByRole('button', { name: 'Re-issue' }).isDisabled()).toBe(true); // no reason yet
  await reissue.getByLabel('Reason').fill('Closing read corrected');
  await reissue.getByRole('button', { name: 'Re-issue' }).click();

  // The new house statement opens; the old one is void with the reason.
  await page.waitForURL((url) => /\/admin\/1\/Bill\/\d+\/show/.test(url.pathname) && !url.pathname.includes(`/Bill/${houseBillId}/`));
  const newId = Number(/Bill\/(\d+)\/show/.exec(page.url())![1]);
  expect(await db.knex('bills').where({ id: newId }).first('state', 'replaces_bill_id')).toEqual({ state: 'ISSUED', replaces_bill_id: houseBillId });
  expect(await db.knex('bills').where({ id: houseBillId }).first('state', 'void_reason')).toEqual({ state: 'VOID', void_reason: 'Closing read corrected' });

  await page.getByRole('button', { name: 'Void' }).click();
  const voiding = page.getByRole('dialog', { name: 'Void statement' });
  await voiding.getByLabel('Reason').fill('Sent in error');
  await voiding.getByRole('button', { name: 'Void' }).click();
  await page.getByText('3 bills voided').waitFor();
  expect(await db.knex('bills').where({ id: newId }).first('state', 'void_reason')).toEqual({ state: 'VOID', void_reason: 'Sent in error' });
  // A void bill offers neither action.
  await page.getByTestId('void-statement').waitFor({ state: 'detached' });
  expect(await page.getByTestId('reissue-statement').count()).toBe(0);
  const balance = await db.knex('ledger_entries').where({ tenant_contract_id: house.tenantContractIds[0] }).sum({ sum: 'amount_pence' });
  expect(Number(balance[0]?.sum)).toBe(0);
});

it('credits a month of the Energy Bills Support Scheme to a house contract, once', async () => {
  const { baseUrl } = running.product();
  const page = await (await running.browser().newContext()).newPage();
  await signInToBackOffice(page, baseUrl, 'staff@demo.test', '/admin/1/GovernmentRebate');
  const creditOnce = async () => {
    await page.getByRole('button', { name: 'Credit rebate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Credit Energy Bills Support Scheme' });
    await dialog.getByLabel('House contract id').fill(String(rebateHouse.houseContractId));
    await dialog.getByRole('button', { name: 'Credit', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  };
  await creditOnce();
  await page.getByText('Energy Bills Support Scheme, October 2022: 1 rebate credited to 1 house contract').waitFor();
  expect(await db.knex('government_rebates').where({ tenant_contract_id: rebateHouse.tenantContractIds[0] }).select('amount_pence', 'method')).toEqual([{ amount_pence: 6600, method: 'ADDITIONAL_TRANSACTION' }]);
  await creditOnce();
  await page.getByText('Already credited: nothing new was created').waitFor();
  expect(await db.knex('government_rebates').where({ tenant_contract_id: rebateHouse.tenantContractIds[0] })).toHaveLength(1);
});

it('sends a house contract to its tenants only once it is billed by BILL', async () => {
  const { baseUrl } = running.product();
  await db.knex('house_contracts').where({ id: rebateHouse.houseContractId }).update({ billing_type: 'PLAN', plan_type: 'LITE' });
  const page = await (await running.browser().newContext()).newPage();
  await signInToBackOffice(page, baseUrl, 'staff@demo.test', `/admin/1/HouseContract/${rebateHouse.houseContractId}/show`);
  // On a PLAN contract the button cannot apply: it is disabled and says why.
  await page.getByText('Update to Bill before sending a contract').waitFor();
  expect(await page.getByRole('button', { name: 'Send contract' }).isDisabled()).toBe(true);

  await db.knex('house_contracts').where({ id: rebateHouse.houseContractId }).update({ billing_type: 'BILL' });
  await page.reload();
  await page.getByRole('button', { name: 'Send contract' }).click();
  await page.getByText(/^Contract sent to tenant/).waitFor();
  const email: string = await db.knex('users as u').join('tenant_contracts as tc', 'tc.user_id', 'u.id').where('tc.id', rebateHouse.tenantContractIds[0]).first('u.email').then((row) => row.email);
  expect(await db.knex('outbox_messages').where({ recipient: email })).toHaveLength(1);
});
