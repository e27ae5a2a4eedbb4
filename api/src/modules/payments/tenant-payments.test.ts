import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * What a tenant does with their own money from the tenant area: pay now by the card on file (the real Stripe
 * SDK against the local sandbox; one payment per key, however often it is sent) and cancel their Direct
 * Debit. Another tenant's contract is never reachable; bad amounts are refused by field.
 */

let api: ApiHarness;
let tenant: string;
let other: string;
let staff: string;
let own: number;
let theirs: number;
const PAY = /* GraphQL */ `mutation ($input: TenantCardPaymentInput!) { payByCard(input: $input) { collectionStatus status amountPence failureReason } }`;
const CANCEL = /* GraphQL */ `mutation ($id: ID!) { cancelDirectDebit(tenantId: $id) }`;
const contractOf = async (email: string) => (await api.db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('u.email', email).where('tc.status', 'ACTIVE').orderBy('tc.id').first('tc.id')).id as number;

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
  [tenant, other, staff] = await Promise.all([api.signIn('group2tenant@demo.test'), api.signIn('tenant@demo.test'), api.signIn('staff@demo.test')]);
  own = await contractOf('group2tenant@demo.test');
  theirs = await contractOf('tenant@demo.test');
});
afterAll(() => api.stop());

describe('paying now by card', () => {
  it('charges the card on file once per key and credits the ledger once', async () => {
    const input = { tenantId: String(own), amountPence: 2_345, idempotencyKey: 'pay-0001-abcd' };
    const first = await api.graphql(PAY, { input }, tenant);
    expect(first.body.data.payByCard).toEqual({ collectionStatus: 'SETTLED', status: 'PAID', amountPence: 2_345, failureReason: null });
    expect((await api.graphql(PAY, { input }, tenant)).body.data.payByCard.collectionStatus).toBe('SETTLED');
    expect(await api.db.knex('payments').where({ tenant_contract_id: own, amount_pence: 2_345 }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(await api.db.knex('ledger_entries').where({ tenant_contract_id: own, kind: 'PAYMENT', amount_pence: -2_345 }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it("refuses another tenant's contract, staff, and amounts out of range by field", async () => {
    expect((await api.graphql(PAY, { input: { tenantId: String(theirs), amountPence: 100, idempotencyKey: 'pay-0002-abcd' } }, tenant)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await api.graphql(PAY, { input: { tenantId: String(own), amountPence: 100, idempotencyKey: 'pay-0003-abcd' } }, staff, { 'X-Group-ID': '2' })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    for (const amountPence of [0, -5, 1_000_001]) {
      const res = await api.graphql(PAY, { input: { tenantId: String(own), amountPence, idempotencyKey: 'pay-0004-abcd' } }, tenant);
      expect(res.body.errors[0].extensions.fields).toEqual([{ field: 'amountPence', rule: 'range', message: 'Enter an amount from £0.01 to £10,000.00' }]);
    }
    const noKey = await api.graphql(PAY, { input: { tenantId: String(own), amountPence: 100, idempotencyKey: 'x' } }, tenant);
    expect(noKey.body.errors[0].extensions.fields[0].field).toBe('idempotencyKey');
    expect(await api.db.knex('payments').where({ tenant_contract_id: theirs, amount_pence: 100 }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});

describe('cancelling a Direct Debit', () => {
  it("cancels the tenant's own lodged mandate with the bank (CANCELLING), never another's", async () => {
    expect((await api.graphql(CANCEL, { id: String(theirs) }, tenant)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    const res = await api.graphql(CANCEL, { id: String(theirs) }, other);
    expect(res.body.data.cancelDirectDebit).toBe(1);
    expect(await api.db.knex('direct_debit_mandates').where({ tenant_contract_id: theirs }).pluck('status')).toEqual(['CANCELLING']);
    expect(await api.db.knex('payment_methods').where({ tenant_contract_id: theirs, kind: 'DIRECT_DEBIT', is_active: true }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await api.db.knex('audit_log').where({ entity: 'direct_debit_mandates', action: 'UPDATE' }).count({ n: '*' })).toEqual([{ n: 1 }]);
    const again = await api.graphql(CANCEL, { id: String(theirs) }, other);
    expect(again.body.errors[0].extensions.fields).toEqual([{ field: 'tenantId', rule: 'directDebit', message: 'There is no Direct Debit to cancel on this contract.' }]);
  });
});
