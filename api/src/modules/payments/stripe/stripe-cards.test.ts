import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApiHarness, type ApiHarness } from '../../../testing';
import { stripeSignatureHeader, type StripeSandbox } from '../../../sandboxes/stripe/stripe-sandbox';
import { cardProviders } from '../card-provider';
import { localStripeSandbox } from '../configure-card-providers';
import type { StripeCardProvider } from './stripe-card-provider';

/*
 * Cards through Stripe, end to end with the official `stripe` SDK against the local sandbox: a tenant saves a
 * card through the hosted checkout (with and without 3-D Secure), staff charge it off session (success,
 * decline, insufficient funds, expired, authentication required), every charge exactly once per key, and the
 * webhook endpoint refuses badly signed events with the §8 code and processes each event once, whatever the
 * order or number of deliveries. Another tenant's or group's ids get nothing.
 */

let api: ApiHarness;
let server: Server;
let sandbox: StripeSandbox;
let stripe: StripeCardProvider;
let webhookUrl: string;
let group2Tenant: string;
let otherTenant: string;
let staff: string;
let contractId: number;
const SUCCESS_URL = 'http://localhost:3000/tenant-profile?tab=payments';

const CHECKOUT = /* GraphQL */ `mutation ($input: StripeCheckoutSessionInput!) { stripeCreateCheckoutSession(input: $input) { sessionUrl sessionId } }`;
const ADD_CARD = /* GraphQL */ `mutation ($input: AddCardInput!) { addCard(input: $input) { message paymentMethod { id cardLast4 cardProvider isActive } } }`;
const METHODS = /* GraphQL */ `query ($tenantId: ID!) { tenantPaymentMethods(tenantId: $tenantId) { id cardLast4 isActive } }`;
const TAKE = /* GraphQL */ `mutation ($id: ID!, $amount: Int!, $key: String!) { takeCardPayment(tenantContractId: $id, amountPence: $amount, idempotencyKey: $key) { paymentId collectionStatus status amountPence failureReason } }`;

beforeAll(async () => {
  api = await startApiHarness();
  server = api.app.express.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/payments/stripe/webhook`;
  sandbox = localStripeSandbox()!;
  stripe = cardProviders().STRIPE as StripeCardProvider;
  sandbox.setWebhookEndpoint({ url: webhookUrl, secret: stripe.settings.webhookSecret });
  [group2Tenant, otherTenant, staff] = await Promise.all([api.signIn('group2tenant@demo.test'), api.signIn('billpayer@demo.test'), api.signIn('staff@demo.test')]);
  const contract: { id: number } = await api.db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('u.email', 'group2tenant@demo.test').first('tc.id');
  contractId = contract.id;
});
afterAll(async () => {
  await sandbox.settled();
  await new Promise((resolve) => server.close(resolve));
  await api.stop();
});

const codeOf = (res: { body: { errors?: Array<{ extensions?: { code?: string } }> } }) => res.body.errors?.[0]?.extensions?.code;

/** What a browser does on the hosted page: submit the card form, follow to 3-D Secure if asked. */
async function fillCheckout(sessionUrl: string, cardNumber: string, threeDs: 'complete' | 'fail' = 'complete'): Promise<string> {
  const page = await fetch(sessionUrl);
  expect(await page.text()).toContain('Save your card');
  const submitted = await fetch(sessionUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ cardNumber, cardExpiry: '12 / 34', cardCvc: '123', billingName: 'Isla Roberts' }) });
  let location = submitted.headers.get('location') ?? '';
  if (location.startsWith('/3ds/')) {
    const challenge = new URL(location, sessionUrl).toString();
    expect(await (await fetch(challenge)).text()).toContain('Complete authentication');
    const answered = await fetch(challenge, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ outcome: threeDs }) });
    location = answered.headers.get('location') ?? (await answered.text());
  }
  return location;
}

async function openCheckout(token = group2Tenant, tenantId = contractId) {
  const res = await api.graphql(CHECKOUT, { input: { tenantId: String(tenantId), successUrl: SUCCESS_URL } }, token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.stripeCreateCheckoutSession as { sessionUrl: string; sessionId: string };
}

async function useCard(paymentMethodRef: string) {
  await api.db.knex('payment_methods').where({ tenant_contract_id: contractId }).update({ is_active: false });
  await api.db.knex('payment_methods').insert({ group_id: 2, tenant_contract_id: contractId, kind: 'CARD', card_provider: 'STRIPE', card_last4: '0000', card_expiry_month: 12, card_expiry_year: 2034, provider_method_ref: paymentMethodRef, is_active: true });
}

const take = (amount: number, key: string, token = staff, group = '2') => api.graphql(TAKE, { id: String(contractId), amount, key }, token, { 'X-Group-ID': group });
const ledgerOf = (paymentId: string) => api.db.knex('ledger_entries').where({ payment_id: Number(paymentId) }).orderBy('id').select('kind', 'amount_pence');

describe('saving a card through the hosted checkout', () => {
  it('opens the checkout, the tenant enters a card, and the card is attached to their contract once', async () => {
    const { sessionUrl, sessionId } = await openCheckout();
    expect(sessionUrl).toBe(`${sandbox.url}/checkout/${sessionId}`);
    const back = await fillCheckout(sessionUrl, '4242 4242 4242 4242');
    expect(back).toBe(`${SUCCESS_URL}&session_id=${sessionId}`);
    const added = await api.graphql(ADD_CARD, { input: { tenantId: String(contractId), sessionId } }, group2Tenant);
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data.addCard).toMatchObject({ message: expect.stringMatching(/process of adding a card has started/), paymentMethod: { cardLast4: '4242', cardProvider: 'STRIPE', isActive: true } });
    const again = await api.graphql(ADD_CARD, { input: { tenantId: String(contractId), sessionId } }, group2Tenant);
    expect(codeOf(again)).toBe('SESSION_ALREADY_PROCESSED');
    // The webhook for the same session arrives too: it adds nothing.
    await sandbox.settled();
    const methods = await api.graphql(METHODS, { tenantId: String(contractId) }, group2Tenant);
    expect(methods.body.data.tenantPaymentMethods.filter((m: { isActive: boolean }) => m.isActive)).toEqual([{ id: added.body.data.addCard.paymentMethod.id, cardLast4: '4242', isActive: true }]);
  });

  it('attaches the card from the webhook alone when the tenant never comes back to the page', async () => {
    const { sessionUrl, sessionId } = await openCheckout();
    await fillCheckout(sessionUrl, '5555 5555 5555 4444');
    await sandbox.settled();
    const row = await api.db.knex('card_setup_sessions').where({ session_ref: sessionId }).first('status');
    expect(row.status).toBe('COMPLETED');
    const methods = await api.graphql(METHODS, { tenantId: String(contractId) }, group2Tenant);
    expect(methods.body.data.tenantPaymentMethods[0]).toMatchObject({ cardLast4: '4444', isActive: true });
    // The tenant's tab comes back later: it gets the card the webhook attached, once.
    const added = await api.graphql(ADD_CARD, { input: { tenantId: String(contractId), sessionId } }, group2Tenant);
    expect(added.body.data.addCard.paymentMethod).toMatchObject({ id: methods.body.data.tenantPaymentMethods[0].id, cardLast4: '4444' });
    expect(codeOf(await api.graphql(ADD_CARD, { input: { tenantId: String(contractId), sessionId } }, group2Tenant))).toBe('SESSION_ALREADY_PROCESSED');
  });

  it('asks for 3-D Secure on a card that needs it; a failed authentication saves nothing, a completed one saves the card', async () => {
    const { sessionUrl, sessionId } = await openCheckout();
    const failed = await fillCheckout(sessionUrl, '4000002500003155', 'fail');
    expect(failed).toContain('unable to authenticate your payment method');
    const pending = await api.graphql(ADD_CARD, { input: { tenantId: String(contractId), sessionId } }, group2Tenant);
    expect(pending.body.errors[0].extensions.fields).toEqual([{ field: 'sessionId', rule: 'completed', message: 'The card has not been entered on the checkout page yet.' }]);
    expect(await fillCheckout(sessionUrl, '4000002500003155', 'complete')).toContain(`session_id=${sessionId}`);
    await sandbox.settled();
    const methods = await api.graphql(METHODS, { tenantId: String(contractId) }, group2Tenant);
    expect(methods.body.data.tenantPaymentMethods[0]).toMatchObject({ cardLast4: '3155', isActive: true });
  });

  it('refuses an expired session with SESSION_TIMED_OUT and an unknown one with INVALID_SESSION_ID', async () => {
    const { sessionId } = await openCheckout();
    await stripe.stripe.checkout.sessions.expire(sessionId);
    const expired = await api.graphql(ADD_CARD, { input: { tenantId: String(contractId), sessionId } }, group2Tenant);
    expect(codeOf(expired)).toBe('SESSION_TIMED_OUT');
    const unknown = await api.graphql(ADD_CARD, { input: { tenantId: String(contractId), sessionId: 'cs_test_nothing' } }, group2Tenant);
    expect(codeOf(unknown)).toBe('INVALID_SESSION_ID');
  });

  it('refuses a return address off this site', async () => {
    const res = await api.graphql(CHECKOUT, { input: { tenantId: String(contractId), successUrl: 'https://evil.example/steal' } }, group2Tenant);
    expect(res.body.errors[0].extensions.fields).toEqual([{ field: 'successUrl', rule: 'ownSite', message: 'The return address must be a page of this site.' }]);
  });

  it("gives another tenant, or staff of another group, nothing of this tenant's cards", async () => {
    const { sessionId } = await openCheckout();
    expect(codeOf(await api.graphql(CHECKOUT, { input: { tenantId: String(contractId), successUrl: SUCCESS_URL } }, otherTenant))).toBe('NOT_FOUND');
    expect(codeOf(await api.graphql(ADD_CARD, { input: { tenantId: String(contractId), sessionId } }, otherTenant))).toBe('NOT_FOUND');
    expect(codeOf(await api.graphql(METHODS, { tenantId: String(contractId) }, otherTenant))).toBe('NOT_FOUND');
    // The other tenant's own contract with this tenant's session id: not theirs.
    const own: { id: number } = await api.db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('u.email', 'billpayer@demo.test').first('tc.id');
    expect(codeOf(await api.graphql(ADD_CARD, { input: { tenantId: String(own.id), sessionId } }, otherTenant))).toBe('INVALID_SESSION_ID');
    expect(codeOf(await take(1000, 'other-group', staff, '1'))).toBe('NOT_FOUND');
    const readonly = await api.signIn('readonly@demo.test');
    expect(codeOf(await take(1000, 'read-only', readonly))).toBe('FORBIDDEN');
  });
});

describe('charging the card on file', () => {
  it('charges once per key, settles the payment and posts one ledger credit', async () => {
    await useCard('pm_card_visa');
    const first = await take(4_500, 'charge-1');
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.takeCardPayment).toMatchObject({ collectionStatus: 'SETTLED', status: 'PAID', amountPence: 4_500, failureReason: null });
    const again = await take(4_500, 'charge-1');
    expect(again.body.data.takeCardPayment.paymentId).toBe(first.body.data.takeCardPayment.paymentId);
    await sandbox.settled();
    const intents = [...sandbox.state.paymentIntents.values()].filter((intent) => (intent.metadata as Record<string, string>).paymentId === first.body.data.takeCardPayment.paymentId);
    expect(intents).toHaveLength(1);
    expect(await ledgerOf(first.body.data.takeCardPayment.paymentId)).toEqual([{ kind: 'PAYMENT', amount_pence: -4_500 }]);
  });

  it.each([
    ['pm_card_chargeDeclined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
    ['pm_card_chargeDeclinedExpiredCard', 'Your card has expired.'],
    ['pm_card_authenticationRequired', 'Your card was declined. This transaction requires authentication.'],
  ])('fails the payment with the reason when %s is charged, posting nothing', async (method, reason) => {
    await useCard(method);
    const res = await take(2_000, `fail-${method}`);
    expect(res.body.data.takeCardPayment).toMatchObject({ collectionStatus: 'FAILED', status: 'FAILED', failureReason: reason });
    await sandbox.settled();
    expect(await ledgerOf(res.body.data.takeCardPayment.paymentId)).toEqual([]);
  });

  it('says "No active payment method." when there is no card on file', async () => {
    await api.db.knex('payment_methods').where({ tenant_contract_id: contractId }).update({ is_active: false });
    const res = await take(1_000, 'no-card');
    expect(res.body.errors[0].extensions.fields).toEqual([{ field: 'tenantContractId', rule: 'activeMethod', message: 'No active payment method.' }]);
  });
});

describe('the webhook endpoint', () => {
  const post = (body: string, headers: Record<string, string>) => fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const anEvent = () => JSON.stringify({ id: `evt_test_${Math.random().toString(36).slice(2)}`, object: 'event', type: 'customer.created', created: Math.floor(Date.now() / 1000), data: { object: { id: 'cus_x', object: 'customer' } } });

  it.each([
    ['no signature header', () => ({}), 'SIGNATURE_NOT_PROVIDED'],
    ['a header without a timestamp', () => ({ 'stripe-signature': 'v1=abc' }), 'TIMESTAMP_NOT_PROVIDED'],
    ['a signature with another secret', (body: string) => ({ 'stripe-signature': stripeSignatureHeader(body, 'whsec_wrong') }), 'INVALID_SIGNATURE'],
    ['a signature older than 300 s', (body: string) => ({ 'stripe-signature': stripeSignatureHeader(body, stripe.settings.webhookSecret, Math.floor(Date.now() / 1000) - 301) }), 'TIMESTAMP_OUTSIDE_LIMIT'],
  ])('refuses %s with 400 and its code', async (_label, headers, code) => {
    const body = anEvent();
    const res = await post(body, headers(body));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
  });

  it('accepts a tampered body with a valid header for another body? no: INVALID_SIGNATURE', async () => {
    const body = anEvent();
    const res = await post(body.replace('customer.created', 'payment_intent.succeeded'), { 'stripe-signature': stripeSignatureHeader(body, stripe.settings.webhookSecret) });
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INVALID_SIGNATURE');
  });

  it('processes an event once when it is replayed or delivered twice', async () => {
    await useCard('pm_card_visa');
    sandbox.setDeliveryOptions({ copies: 2 });
    const res = await take(3_300, 'dup-1');
    await sandbox.settled();
    sandbox.setDeliveryOptions({ copies: 1 });
    const paymentId = res.body.data.takeCardPayment.paymentId as string;
    const succeeded = sandbox.state.events.find((event) => event.type === 'payment_intent.succeeded' && ((event.data as { object: { metadata: Record<string, string> } }).object.metadata.paymentId === paymentId))!;
    expect(sandbox.deliveries.filter((delivery) => delivery.eventId === succeeded.id).map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await sandbox.resend(succeeded.id)).toBe(200);
    expect(await api.db.knex('payment_provider_events').where({ event_id: succeeded.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(await ledgerOf(paymentId)).toEqual([{ kind: 'PAYMENT', amount_pence: -3_300 }]);
  });

  it('ends in the right state when events arrive newest first', async () => {
    await useCard('pm_card_visa');
    sandbox.setDeliveryOptions({ hold: true });
    const payment = await take(1_250, 'reverse-1');
    const { sessionUrl, sessionId } = await openCheckout();
    await fillCheckout(sessionUrl, '4242424242424242');
    sandbox.setDeliveryOptions({ hold: false });
    await sandbox.flushDeliveries('reverse');
    expect(await api.db.knex('card_setup_sessions').where({ session_ref: sessionId }).first('status')).toEqual({ status: 'COMPLETED' });
    expect(await ledgerOf(payment.body.data.takeCardPayment.paymentId)).toEqual([{ kind: 'PAYMENT', amount_pence: -1_250 }]);
    expect(sandbox.deliveries.slice(-3).every((delivery) => delivery.status === 200)).toBe(true);
  });
});
