import { startApiHarness, type ApiHarness } from '../../testing';
import { localStripeSandbox } from './configure-card-providers';

/*
 * Refunds: requested through the records API (never more than the payment, daily limit), paid out by staff
 * with AUTHORIZE_REFUND — a card payment back through Stripe (the real SDK against the sandbox), once — with
 * one REFUND ledger entry; only ACTIVE refunds are cancelled; another group's refund is not found.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
let contractId: number;
const GROUP2 = { 'X-Group-ID': '2' };

const TAKE = /* GraphQL */ `mutation ($id: ID!, $amount: Int!, $key: String!) { takeCardPayment(tenantContractId: $id, amountPence: $amount, idempotencyKey: $key) { paymentId status } }`;
const CREATE_REFUND = /* GraphQL */ `mutation ($tc: ID!, $payment: ID, $amount: Int!, $type: String!) { createRefund(tenantContractId: $tc, paymentId: $payment, amountPence: $amount, refundType: $type, status: "ACTIVE", reason: "Moved out early") { id } }`;
const AUTHORIZE = /* GraphQL */ `mutation ($id: ID!) { authorizeRefund(id: $id) { id status amountPence providerReference } }`;
const CANCEL = /* GraphQL */ `mutation ($id: ID!) { cancelRefund(id: $id) { id status } }`;

beforeAll(async () => {
  api = await startApiHarness();
  [staff, readonly] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test')]);
  const contract: { id: number } = await api.db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('u.email', 'group2tenant@demo.test').first('tc.id');
  contractId = contract.id;
  await api.db.knex('system_settings').where({ key: 'refundDailyLimitPerContract' }).update({ value: JSON.stringify(50) });
});
afterAll(() => api.stop());

async function cardPayment(amount: number, key: string): Promise<string> {
  const res = await api.graphql(TAKE, { id: String(contractId), amount, key }, staff, GROUP2);
  expect(res.body.data.takeCardPayment.status).toBe('PAID');
  return res.body.data.takeCardPayment.paymentId as string;
}
async function requestRefund(paymentId: string | null, amount: number, type = 'PAYMENT'): Promise<string> {
  const res = await api.graphql(CREATE_REFUND, { tc: String(contractId), payment: paymentId, amount, type }, staff, GROUP2);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.createRefund.id as string;
}
const refundLedger = (refundId: string) => api.db.knex('ledger_entries').where({ refund_id: Number(refundId) }).select('kind', 'amount_pence');

describe('refunds', () => {
  it('refunds a card payment through Stripe once and posts one REFUND entry', async () => {
    const paymentId = await cardPayment(6_000, 'refund-me');
    const refundId = await requestRefund(paymentId, 2_500);
    const [first, second] = await Promise.all([api.graphql(AUTHORIZE, { id: refundId }, staff, GROUP2), api.graphql(AUTHORIZE, { id: refundId }, staff, GROUP2)]);
    const ok = [first, second].find((res) => !res.body.errors)!;
    expect(ok.body.data.authorizeRefund).toMatchObject({ status: 'COMPLETED', amountPence: 2_500, providerReference: expect.stringMatching(/^re_/) });
    const sandbox = localStripeSandbox()!;
    expect([...sandbox.state.refunds.values()].filter((refund) => (refund.metadata as Record<string, string>).refundId === refundId)).toHaveLength(1);
    expect(await refundLedger(refundId)).toEqual([{ kind: 'REFUND', amount_pence: 2_500 }]);
    const again = await api.graphql(AUTHORIZE, { id: refundId }, staff, GROUP2);
    expect(again.body.errors[0].extensions.fields).toEqual([{ field: 'status', rule: 'active', message: 'Only an ACTIVE refund can be authorized.' }]);
  });

  it('refuses a refund above what is left of the payment: "Refund amount too high."', async () => {
    const paymentId = await cardPayment(3_000, 'refund-too-high');
    await requestRefund(paymentId, 2_000);
    const res = await api.graphql(CREATE_REFUND, { tc: String(contractId), payment: paymentId, amount: 1_001, type: 'PAYMENT' }, staff, GROUP2);
    expect(res.body.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'amountPence', message: 'Refund amount too high.' })]);
  });

  it('records a refund not made by card as paid by the office, with its ledger entry', async () => {
    const refundId = await requestRefund(null, 1_500, 'FINAL_STATEMENT');
    const res = await api.graphql(AUTHORIZE, { id: refundId }, staff, GROUP2);
    expect(res.body.data.authorizeRefund).toMatchObject({ status: 'COMPLETED', providerReference: null });
    expect(await refundLedger(refundId)).toEqual([{ kind: 'REFUND', amount_pence: 1_500 }]);
  });

  it('cancels only an ACTIVE refund: "Cannot cancel a non-active refund."', async () => {
    const refundId = await requestRefund(null, 700, 'REFERRAL');
    expect((await api.graphql(CANCEL, { id: refundId }, staff, GROUP2)).body.data.cancelRefund.status).toBe('CANCELLED');
    const again = await api.graphql(CANCEL, { id: refundId }, staff, GROUP2);
    expect(again.body.errors[0].extensions.fields).toEqual([{ field: 'status', rule: 'cancelActiveOnly', message: 'Cannot cancel a non-active refund.' }]);
    expect(await refundLedger(refundId)).toEqual([]);
  });

  it('needs AUTHORIZE_REFUND, and gives staff of another group nothing', async () => {
    const refundId = await requestRefund(null, 800, 'REFERRAL');
    expect((await api.graphql(AUTHORIZE, { id: refundId }, readonly, GROUP2)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await api.graphql(AUTHORIZE, { id: refundId }, staff, { 'X-Group-ID': '1' })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await api.graphql(CANCEL, { id: refundId }, staff, { 'X-Group-ID': '1' })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(await api.db.knex('refunds').where({ id: Number(refundId) }).first('status')).toEqual({ status: 'ACTIVE' });
  });

  it('stops at the daily refund limit: "Daily refund limit reached."', async () => {
    await api.db.knex('system_settings').where({ key: 'refundDailyLimitPerContract' }).update({ value: JSON.stringify(0) });
    const res = await api.graphql(CREATE_REFUND, { tc: String(contractId), payment: null, amount: 100, type: 'REFERRAL' }, staff, GROUP2);
    expect(res.body.errors[0].extensions.fields).toEqual([expect.objectContaining({ message: 'Daily refund limit reached.' })]);
    await api.db.knex('system_settings').where({ key: 'refundDailyLimitPerContract' }).update({ value: JSON.stringify(50) });
  });
});
