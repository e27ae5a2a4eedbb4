import { startApiHarness, type ApiHarness } from '../../../testing';
import { createTestDebtor } from '../../../testing/test-debtor';

/*
 * A tenant contract's status change is refused, with the reason under the status field, when §4's conditions
 * are not met: ACTIVE without an active payment method, CLOSED while money is owed or before a billed contract's
 * statement is issued.
 */

let api: ApiHarness;
let staff: string;
const GROUP_2 = { 'X-Group-ID': '2' };
const UPDATE = /* GraphQL */ `mutation ($id: ID!, $status: String) { updateTenantContract(id: $id, status: $status) { id status } }`;

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
});
afterAll(() => api.stop());

const change = (id: number, status: string) => api.graphql(UPDATE, { id: String(id), status }, staff, GROUP_2);
const refusal = (body: { errors?: Array<{ extensions?: { fields?: unknown } }> }) => body.errors?.[0]?.extensions?.fields;

it('makes a card-paying contract active only once a card is on file', async () => {
  const debtor = await createTestDebtor(api.db.knex, { groupId: 2, since: '2026-11-01', owedPence: 0 });
  await api.db.knex('tenant_contracts').where({ id: debtor.contractId }).update({ status: 'PENDING' });
  expect(refusal((await change(debtor.contractId, 'ACTIVE')).body)).toEqual([{ field: 'status', rule: 'statusChange', message: 'A contract becomes active only with an active payment method: a card or a Direct Debit on file' }]);
  await api.db.knex('payment_methods').insert({ group_id: 2, tenant_contract_id: debtor.contractId, kind: 'CARD', card_provider: 'STRIPE', card_last4: '4242', card_expiry_month: 12, card_expiry_year: 2030 });
  const ok = await change(debtor.contractId, 'ACTIVE');
  expect(ok.body.errors).toBeUndefined();
  expect(ok.body.data.updateTenantContract.status).toBe('ACTIVE');
});

it('closes a contract only when nothing is owed and, once it was billed, its statement is issued', async () => {
  const owes = await createTestDebtor(api.db.knex, { groupId: 2, since: '2026-11-01', owedPence: 4_200 });
  expect(refusal((await change(owes.contractId, 'CLOSED')).body)).toEqual([{ field: 'status', rule: 'statusChange', message: 'A contract closes only when nothing is owed (£42.00 is owed)' }]);
  const paidUp = await createTestDebtor(api.db.knex, { groupId: 2, since: '2026-11-01', owedPence: 0 });
  expect(refusal((await change(paidUp.contractId, 'CLOSED')).body)).toEqual([{ field: 'status', rule: 'statusChange', message: 'A contract that was billed closes only once its final statement is issued' }]);
  const neverBilled = await createTestDebtor(api.db.knex, { groupId: 2, since: '2026-11-01', owedPence: null });
  expect((await change(neverBilled.contractId, 'CLOSED')).body.data.updateTenantContract.status).toBe('CLOSED');
  expect((await api.db.knex('tenant_contracts').where({ id: owes.contractId }).first('status')).status).toBe('ACTIVE');
});
