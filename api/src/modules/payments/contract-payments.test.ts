import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * The Payments tab of a tenant contract (staff): methods on file, schedules with next dates, collections with
 * their states and refunds, read for a contract of the staff member's group only; and "Send payment link",
 * which e-mails and notifies the tenant once however often it is clicked in ten minutes.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
let tenant: string;
let payer: { id: number; user_id: number; email: string };
const GROUP1 = { 'X-Group-ID': '1' };
const GROUP2 = { 'X-Group-ID': '2' };

const PAYMENTS = /* GraphQL */ `query ($id: ID!) { tenantContractPayments(tenantContractId: $id) {
  paymentMethod hasActiveCard methods { description state isActive } schedules { description status nextDates }
  collections { collectionDate amountPence channel status attempt failureReason } refunds { id } } }`;
const SEND_LINK = /* GraphQL */ `mutation ($id: ID!) { sendPaymentLink(tenantContractId: $id) }`;

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
  [staff, readonly, tenant] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test'), api.signIn('group2tenant@demo.test')]);
  // The demo's group-2 Direct Debit payer whose last collection came back unpaid.
  payer = await api.db
    .knex('collections as c')
    .join('tenant_contracts as tc', 'tc.id', 'c.tenant_contract_id')
    .join('users as u', 'u.id', 'tc.user_id')
    .where({ 'c.group_id': 2, 'c.status': 'FAILED' })
    .first('tc.id', 'tc.user_id', 'u.email');
});
afterAll(() => api.stop());

it("shows a contract's methods, schedule with next dates and the returned collection, in words", async () => {
  const res = await api.graphql(PAYMENTS, { id: String(payer.id) }, readonly, GROUP2);
  expect(res.body.errors).toBeUndefined();
  const tab = res.body.data.tenantContractPayments;
  expect(tab.paymentMethod).toBe('Direct debit');
  expect(tab.methods[0]).toMatchObject({ state: 'Active', isActive: true });
  expect(tab.methods[0].description).toMatch(/^Direct Debit from 10-88-00 account ending 5628, reference SHB-\d{6}-01$/);
  expect(tab.schedules[0].description).toMatch(/^Regular payment: £62\.50 monthly on day \d+$/);
  expect(tab.schedules[0].nextDates).toHaveLength(3);
  expect(tab.collections).toEqual([expect.objectContaining({ amountPence: 6250, channel: 'Direct Debit', status: 'FAILED', attempt: 1, failureReason: 'ARUDD 0: Refer to payer (usually insufficient funds)' })]);
});

it("answers another group's contract, a tenant and a wrong id as not found or forbidden", async () => {
  expect((await api.graphql(PAYMENTS, { id: String(payer.id) }, staff, GROUP1)).body.errors[0].extensions.code).toBe('NOT_FOUND');
  expect((await api.graphql(PAYMENTS, { id: 'x' }, staff, GROUP2)).body.errors[0].extensions.code).toBe('NOT_FOUND');
  expect((await api.graphql(PAYMENTS, { id: String(payer.id) }, tenant)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await api.graphql(SEND_LINK, { id: String(payer.id) }, readonly, GROUP2)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await api.graphql(SEND_LINK, { id: String(payer.id) }, staff, GROUP1)).body.errors[0].extensions.code).toBe('NOT_FOUND');
});

it('sends the payment link by e-mail and notification once, however often it is clicked', async () => {
  const first = await api.graphql(SEND_LINK, { id: String(payer.id) }, staff, GROUP2);
  expect(first.body.data.sendPaymentLink).toBe(payer.email);
  const again = await api.graphql(SEND_LINK, { id: String(payer.id) }, staff, GROUP2);
  expect(again.body.errors[0].extensions.code).toBe('RATE_LIMITED');
  const mails = await api.db.knex('outbox_messages').where({ recipient: payer.email, subject: 'Pay your bills online' }).select('text_body');
  expect(mails).toHaveLength(1);
  expect(mails[0].text_body).toContain('/tenant-profile/payments/info');
  expect(await api.db.knex('notifications').where({ user_id: payer.user_id, type: 'PAYMENT_LINK' }).count({ n: '*' })).toEqual([{ n: 1 }]);
});
