import { createQueues } from '../../jobs/create-queues';
import { ALL_QUEUES } from '../../jobs/queues';
import { startApiHarness, type ApiHarness } from '../../testing';
import { GOLDEN_HOUSE, buildBillHouse } from './billing-test-data';

/*
 * Sending a house contract's BILL contract to its tenants: refused with the specification's "Update to Bill
 * before sending a contract" while the contract is PLAN; once BILL, each tenant gets one e-mail in the outbox.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
const GROUP = { 'X-Group-ID': '2' };
const SEND = /* GraphQL */ `
  mutation ($id: ID!) {
    sendBillContract(houseContractId: $id)
  }
`;

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, ALL_QUEUES);
  [staff, readonly] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test')]);
});
afterAll(() => api.stop());

const outboxTo = (emails: string[]) => api.db.knex('outbox_messages').whereIn('recipient', emails).select('recipient', 'subject', 'text_body');

it('refuses a PLAN contract with "Update to Bill before sending a contract", then sends once it is BILL', async () => {
  const house = await buildBillHouse(api.db.knex, { ...GOLDEN_HOUSE, groupId: 2 });
  const emails: string[] = await api.db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').whereIn('tc.id', house.tenantContractIds).orderBy('tc.id').pluck('u.email');
  await api.db.knex('house_contracts').where({ id: house.houseContractId }).update({ billing_type: 'PLAN', plan_type: 'LITE' });

  const refused = await api.graphql(SEND, { id: String(house.houseContractId) }, staff, GROUP);
  expect(refused.body.errors[0]).toMatchObject({
    message: 'Update to Bill before sending a contract',
    extensions: { code: 'CONFLICT', fields: [{ field: 'billingType', message: 'Update to Bill before sending a contract' }] },
  });
  expect(await outboxTo(emails)).toEqual([]);

  // Staff update the billing type to BILL through the back office, then send.
  const update = await api.graphql(`mutation ($id: ID!) { updateHouseContract(id: $id, billingType: "BILL") { billingType } }`, { id: String(house.houseContractId) }, staff, GROUP);
  expect(update.body.errors).toBeUndefined();
  const sent = await api.graphql(SEND, { id: String(house.houseContractId) }, staff, GROUP);
  expect(sent.body.errors).toBeUndefined();
  expect(sent.body.data.sendBillContract).toEqual(emails);
  const messages = await outboxTo(emails);
  expect(messages).toHaveLength(2);
  expect(messages[0]!.subject).toContain('please sign');
  expect(messages[0]!.text_body).toContain(`HC-${house.houseContractId}`);
});

it('needs properties WRITE and a contract of the group', async () => {
  const house = await buildBillHouse(api.db.knex, { ...GOLDEN_HOUSE, groupId: 2 });
  expect((await api.graphql(SEND, { id: String(house.houseContractId) }, readonly, GROUP)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await api.graphql(SEND, { id: String(house.houseContractId) }, staff, { 'X-Group-ID': '1' })).body.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND', fields: [{ field: 'houseContractId' }] });
});
