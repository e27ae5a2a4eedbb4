import { startApiHarness, type ApiHarness } from '../../testing';
import { createPendingPayment, failPayment, failPayments, settlePayment, settlePayments, submitPayment } from './payment-ledger.service';

/*
 * Money moves exactly once: a collected payment's ledger credit is posted when it settles and never twice,
 * a failure after settlement reverses it once, and a payment staff record as PAID posts its credit too.
 */

let api: ApiHarness;
let staff: string;
let tenantContractId: number;
const GROUP = { 'X-Group-ID': '2' };

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  const contract: { id: number } = await api.db.knex('tenant_contracts').where({ group_id: 2 }).orderBy('id').first('id');
  tenantContractId = contract.id;
});
afterAll(() => api.stop());

const toldAbout = (paymentId: number) =>
  api.db.knex('notifications').whereRaw(`data->>'paymentId' = ?`, [String(paymentId)]).orderBy('id').select('user_id', 'title', 'message', 'notification_type');
const ledgerFor = (paymentId: number) => api.db.knex('ledger_entries').where({ payment_id: paymentId }).orderBy('id').select('kind', 'amount_pence');
const pending = (key: string, amountPence = 4_250) =>
  api.db.knex.transaction((trx) => createPendingPayment(trx, { groupId: 2, tenantContractId, amountPence, paymentDate: '2026-11-23', method: 'CREDIT_CARD', idempotencyKey: key, cardProvider: 'STRIPE' }));

describe('the payment state machine', () => {
  it('creates one payment per idempotency key, however often it is asked', async () => {
    const first = await pending('test:once');
    const again = await pending('test:once');
    expect(first.changed).toBe(true);
    expect(again.changed).toBe(false);
    expect(again.payment.id).toBe(first.payment.id);
    expect(first.payment).toMatchObject({ collectionStatus: 'PENDING', status: 'OUTSTANDING' });
    expect(await ledgerFor(first.payment.id)).toEqual([]);
  });

  it('posts the credit when the payment settles, once, even when settled twice or concurrently', async () => {
    const { payment } = await pending('test:settle');
    await api.db.knex.transaction((trx) => submitPayment(trx, payment.id, 'pi_123'));
    const outcomes = await Promise.all([1, 2, 3].map(() => api.db.knex.transaction((trx) => settlePayment(trx, payment.id))));
    expect(outcomes.filter((outcome) => outcome.changed)).toHaveLength(1);
    const row = await api.db.knex('payments').where({ id: payment.id }).first();
    expect(row).toMatchObject({ collection_status: 'SETTLED', status: 'PAID', provider_reference: 'pi_123' });
    expect(await ledgerFor(payment.id)).toEqual([{ kind: 'PAYMENT', amount_pence: -4_250 }]);
    // The tenant is told once that the money arrived.
    const tenant = await api.db.knex('tenant_contracts').where({ id: tenantContractId }).first('user_id');
    expect(await toldAbout(payment.id)).toEqual([
      { user_id: tenant.user_id, title: 'Payment received', message: 'We received your payment of £42.50 (23 November 2026). Thank you.', notification_type: 'SUCCESS' },
    ]);
  });

  it('posts nothing when a payment fails before settlement, and cannot settle it afterwards', async () => {
    const { payment } = await pending('test:fail');
    await api.db.knex.transaction((trx) => failPayment(trx, payment.id, 'Your card was declined.'));
    const settled = await api.db.knex.transaction((trx) => settlePayment(trx, payment.id));
    expect(settled.changed).toBe(false);
    expect(await api.db.knex('payments').where({ id: payment.id }).first('status', 'collection_status', 'failure_reason')).toEqual({ status: 'FAILED', collection_status: 'FAILED', failure_reason: 'Your card was declined.' });
    expect(await ledgerFor(payment.id)).toEqual([]);
    expect((await toldAbout(payment.id)).map((n) => [n.title, n.message])).toEqual([['Payment failed', 'Your payment of £42.50 (23 November 2026) could not be taken: Your card was declined.']]);
  });

  it('reverses a settled payment that is returned later, once', async () => {
    const { payment } = await pending('test:returned', 9_900);
    await api.db.knex.transaction((trx) => settlePayment(trx, payment.id));
    await api.db.knex.transaction((trx) => failPayment(trx, payment.id, 'Refer to payer'));
    await api.db.knex.transaction((trx) => failPayment(trx, payment.id, 'Refer to payer'));
    expect(await ledgerFor(payment.id)).toEqual([
      { kind: 'PAYMENT', amount_pence: -9_900 },
      { kind: 'PAYMENT_FAILED', amount_pence: 9_900 },
    ]);
  });

  it('refuses a second PAYMENT ledger entry for one payment in the database itself', async () => {
    const { payment } = await pending('test:db-guard');
    await api.db.knex.transaction((trx) => settlePayment(trx, payment.id));
    await expect(
      api.db.knex('ledger_entries').insert({ group_id: 2, tenant_contract_id: tenantContractId, entry_date: '2026-11-23', kind: 'PAYMENT', amount_pence: -1, description: 'again', payment_id: payment.id }),
    ).rejects.toThrow(/ledger_entries_one_payment_credit/);
  });
});

describe('payments staff enter by hand', () => {
  const CREATE = /* GraphQL */ `
    mutation ($tenantContractId: ID!, $status: String!, $method: String!) {
      createPayment(tenantContractId: $tenantContractId, amountPence: 12000, paymentDate: "2026-11-20", method: $method, status: $status, reference: "CHQ 000123") { id }
    }
  `;

  it('posts the ledger credit of a payment recorded PAID, dated the payment date', async () => {
    const res = await api.graphql(CREATE, { tenantContractId: String(tenantContractId), status: 'PAID', method: 'PAY_ON_RECEIPT' }, staff, GROUP);
    expect(res.body.errors).toBeUndefined();
    const id = Number(res.body.data.createPayment.id);
    expect(await api.db.knex('ledger_entries').where({ payment_id: id }).select('kind', 'amount_pence', 'description', api.db.knex.raw(`to_char(entry_date, 'YYYY-MM-DD') as entry_date`))).toEqual([
      { kind: 'PAYMENT', amount_pence: -12_000, description: 'Payment received, CHQ 000123', entry_date: '2026-11-20' },
    ]);
  });

  it('posts nothing for a payment recorded as still OUTSTANDING', async () => {
    const res = await api.graphql(CREATE, { tenantContractId: String(tenantContractId), status: 'OUTSTANDING', method: 'STANDING_ORDER' }, staff, GROUP);
    expect(res.body.errors).toBeUndefined();
    expect(await ledgerFor(Number(res.body.data.createPayment.id))).toEqual([]);
  });
});

describe('a day of payments at once', () => {
  it('settles and fails many in one go with the same rules: each credit once, a failed one never settled, each tenant told once', async () => {
    const [a, b, c, d] = await Promise.all(['batch:a', 'batch:b', 'batch:c', 'batch:d'].map((key, i) => pending(key, 1_000 + i).then((o) => o.payment.id)));
    await api.db.knex.transaction((trx) => failPayment(trx, d!, 'Card declined'));
    const settled = await api.db.knex.transaction((trx) => settlePayments(trx, [{ paymentId: a!, providerReference: 'pi_a' }, { paymentId: b! }, { paymentId: d! }]));
    expect(settled.sort()).toEqual([a, b].sort());
    expect(await api.db.knex.transaction((trx) => settlePayments(trx, [{ paymentId: a! }, { paymentId: b! }]))).toEqual([]);
    const failed = await api.db.knex.transaction((trx) => failPayments(trx, [{ paymentId: b!, reason: 'Returned by the bank' }, { paymentId: c!, reason: 'Insufficient funds' }, { paymentId: d!, reason: 'Again' }]));
    expect(failed.sort()).toEqual([b, c].sort());
    expect(await ledgerFor(a!)).toEqual([{ kind: 'PAYMENT', amount_pence: -1_000 }]);
    expect(await ledgerFor(b!)).toEqual([{ kind: 'PAYMENT', amount_pence: -1_001 }, { kind: 'PAYMENT_FAILED', amount_pence: 1_001 }]);
    expect(await ledgerFor(c!)).toEqual([]);
    // The four were created side by side, so their ids need not follow a, b, c, d: each row is read by its own id.
    const row = (id: number) => api.db.knex('payments').where({ id }).first('status', 'provider_reference', 'failure_reason');
    expect(await row(a!)).toEqual({ status: 'PAID', provider_reference: 'pi_a', failure_reason: null });
    expect(await row(c!)).toEqual({ status: 'FAILED', provider_reference: null, failure_reason: 'Insufficient funds' });
    expect(await row(d!)).toEqual({ status: 'FAILED', provider_reference: null, failure_reason: 'Card declined' });
    expect((await toldAbout(c!)).map((n) => n.message)).toEqual(['Your payment of £10.02 (23 November 2026) could not be taken: Insufficient funds.']);
    expect((await toldAbout(b!)).map((n) => n.title)).toEqual(['Payment received', 'Payment failed']);
  });
});
