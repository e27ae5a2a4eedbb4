import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApiHarness, type ApiHarness } from '../../../testing';
import { cardProvider2Signature } from '../../../sandboxes/card-provider-2/card-provider-2-sandbox';
import { cardProviders } from '../card-provider';
import { localCardProvider2Sandbox } from '../configure-card-providers';
import type { CardProvider2Adapter } from './card-provider-2.adapter';

/*
 * The second card provider (group 1 and every group but 2) through its sandbox: a group-1 tenant saves a card
 * on the hosted page (attached by the signed callback and by add-card once), staff charge it (initiate-auth
 * then perform-payment; decline; a card that needs 3-D Secure cannot be charged off session), refund it once,
 * and badly signed callbacks are refused with the §8 codes.
 */

let api: ApiHarness;
let server: Server;
let tenant: string;
let staff: string;
let contractId: number;
const GROUP1 = { 'X-Group-ID': '1' };
const SUCCESS_URL = 'http://localhost:3000/tenant-profile';
const CHECKOUT = /* GraphQL */ `mutation ($input: StripeCheckoutSessionInput!) { cardCreateCheckoutSession(input: $input) { sessionUrl sessionId } }`;
const STRIPE_ONLY = /* GraphQL */ `mutation ($input: StripeCheckoutSessionInput!) { stripeCreateCheckoutSession(input: $input) { sessionUrl } }`;
const ADD_CARD = /* GraphQL */ `mutation ($input: AddCardInput!) { addCard(input: $input) { paymentMethod { cardLast4 cardProvider } } }`;
const TAKE = /* GraphQL */ `mutation ($id: ID!, $amount: Int!, $key: String!) { takeCardPayment(tenantContractId: $id, amountPence: $amount, idempotencyKey: $key) { paymentId collectionStatus status failureReason } }`;
const REFUND = /* GraphQL */ `mutation ($tc: ID!, $payment: ID, $amount: Int!) { createRefund(tenantContractId: $tc, paymentId: $payment, amountPence: $amount, refundType: "PAYMENT", status: "ACTIVE") { id } }`;
const AUTHORIZE = /* GraphQL */ `mutation ($id: ID!) { authorizeRefund(id: $id) { status providerReference } }`;

beforeAll(async () => {
  api = await startApiHarness();
  server = api.app.express.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const adapter = cardProviders().WORLDPAY as CardProvider2Adapter;
  localCardProvider2Sandbox()!.setCallback({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/payments/card-provider-2/callback`, secret: adapter.settings.callbackSecret });
  [tenant, staff] = await Promise.all([api.signIn('billpayer@demo.test'), api.signIn('staff@demo.test')]);
  const row: { id: number } = await api.db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('u.email', 'billpayer@demo.test').first('tc.id');
  contractId = row.id;
  await api.db.knex('system_settings').where({ key: 'refundDailyLimitPerContract' }).update({ value: JSON.stringify(50) });
});
afterAll(async () => {
  await localCardProvider2Sandbox()?.settled();
  await new Promise((resolve) => server.close(resolve));
  await api.stop();
});

async function saveCard(number: string): Promise<string> {
  const res = await api.graphql(CHECKOUT, { input: { tenantId: String(contractId), successUrl: SUCCESS_URL } }, tenant);
  expect(res.body.errors).toBeUndefined();
  const { sessionUrl, sessionId } = res.body.data.cardCreateCheckoutSession;
  const posted = await fetch(sessionUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ cardNumber: number, cardExpiry: '11/33', cardCvc: '321' }) });
  expect(posted.headers.get('location')).toBe(`${SUCCESS_URL}?session_id=${sessionId}`);
  return sessionId;
}
const take = (amount: number, key: string) => api.graphql(TAKE, { id: String(contractId), amount, key }, staff, GROUP1);

describe('the second card provider', () => {
  it('saves a card through its hosted page; Stripe checkout is refused for this group', async () => {
    expect((await api.graphql(STRIPE_ONLY, { input: { tenantId: String(contractId), successUrl: SUCCESS_URL } }, tenant)).body.errors[0].extensions.fields[0].rule).toBe('stripeGroup');
    const sessionId = await saveCard('4242424242424242');
    const added = await api.graphql(ADD_CARD, { input: { tenantId: String(contractId), sessionId } }, tenant);
    expect(added.body.data.addCard.paymentMethod).toEqual({ cardLast4: '4242', cardProvider: 'WORLDPAY' });
    await localCardProvider2Sandbox()!.settled();
    expect(await api.db.knex('payment_methods').where({ tenant_contract_id: contractId, is_active: true }).select('card_provider', 'card_last4')).toEqual([{ card_provider: 'WORLDPAY', card_last4: '4242' }]);
  });

  it('charges through initiate-auth and perform-payment once per key, and refunds once', async () => {
    // The demo card on file (the sandbox's permanent test token) is the one charged.
    await api.db.knex('payment_methods').where({ tenant_contract_id: contractId }).update({ is_active: false });
    await api.db.knex('payment_methods').where({ tenant_contract_id: contractId, provider_method_ref: 'cp2tok_test_visa' }).update({ is_active: true });
    const first = await take(5_000, 'cp2-1');
    expect(first.body.data.takeCardPayment).toMatchObject({ collectionStatus: 'SETTLED', status: 'PAID' });
    expect((await take(5_000, 'cp2-1')).body.data.takeCardPayment.paymentId).toBe(first.body.data.takeCardPayment.paymentId);
    expect(localCardProvider2Sandbox()!.payments.size).toBe(1);
    const paymentId = first.body.data.takeCardPayment.paymentId;
    expect(await api.db.knex('ledger_entries').where({ payment_id: Number(paymentId) }).select('kind', 'amount_pence')).toEqual([{ kind: 'PAYMENT', amount_pence: -5_000 }]);
    const refund = await api.graphql(REFUND, { tc: String(contractId), payment: paymentId, amount: 1_000 }, staff, GROUP1);
    const done = await api.graphql(AUTHORIZE, { id: refund.body.data.createRefund.id }, staff, GROUP1);
    expect(done.body.data.authorizeRefund).toMatchObject({ status: 'COMPLETED', providerReference: expect.stringMatching(/^cp2ref_/) });
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000002760003184', 'Your card was declined. This transaction requires authentication.'],
  ])('fails the payment of card %s with the reason', async (number, reason) => {
    await saveCard(number);
    await localCardProvider2Sandbox()!.settled();
    const res = await take(2_500, `cp2-${number}`);
    expect(res.body.data.takeCardPayment).toMatchObject({ collectionStatus: 'FAILED', failureReason: reason });
  });

  it('refuses badly signed callbacks with the §8 codes', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/payments/card-provider-2/callback`;
    const body = JSON.stringify({ id: 'cp2evt_x', type: 'setup.completed', created: 0, data: { sessionId: 'nothing' } });
    const secretKey = (cardProviders().WORLDPAY as CardProvider2Adapter).settings.callbackSecret;
    const codeFor = async (headers: Record<string, string>) => ((await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })).json()) as { error?: { code: string } }).error?.code;
    expect(await codeFor({})).toBe('SIGNATURE_NOT_PROVIDED');
    expect(await codeFor({ 'x-signature': 'v1=abc' })).toBe('TIMESTAMP_NOT_PROVIDED');
    expect(await codeFor({ 'x-signature': cardProvider2Signature(body, 'wrong') })).toBe('INVALID_SIGNATURE');
    expect(await codeFor({ 'x-signature': cardProvider2Signature(body, secretKey, Math.floor(Date.now() / 1000) - 400) })).toBe('TIMESTAMP_OUTSIDE_LIMIT');
    expect(await codeFor({ 'x-signature': cardProvider2Signature(body, secretKey) })).toBeUndefined();
  });
});
