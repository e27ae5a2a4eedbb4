import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import { checkoutPage, messagePage, threeDsPage } from './hosted-pages';
import { newId, nowSeconds, SandboxState, type StripeObject } from './sandbox-state';
import { cardBehaviour } from './test-cards';

/**
 * A local Stripe: an HTTP server that the official `stripe` SDK talks to (its host/port/protocol options) for
 * the endpoints the product uses — customers, Checkout Sessions in setup mode with a hosted page a browser can
 * click through (and the 3-D Secure challenge), setup intents, payment methods (including Stripe's magic
 * `pm_card_*` test methods), off-session PaymentIntents with Stripe's test cards, refunds and idempotency
 * keys — and signed webhook delivery (`Stripe-Signature: t=…,v1=…`), with duplicate and out-of-order
 * delivery on request. No request leaves the machine. Control routes under /sandbox/ drive it from tests.
 */

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export interface DeliveryOptions {
  /** Deliver each event this many times (1 = normally). */
  copies: number;
  /** Hold events until flushDeliveries() (then optionally newest first). */
  hold: boolean;
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number | null;
  at: number;
}

export interface StripeSandbox {
  url: string;
  host: string;
  port: number;
  state: SandboxState;
  setWebhookEndpoint(endpoint: WebhookEndpoint | null): void;
  setDeliveryOptions(options: Partial<DeliveryOptions>): void;
  /** Sends the held events, in the order they happened or newest first. */
  flushDeliveries(order?: 'asc' | 'reverse'): Promise<void>;
  /** Sends one event again (as Stripe's "Resend"), freshly signed. */
  resend(eventId: string): Promise<number | null>;
  deliveries: Delivery[];
  /** Resolves when every delivery started so far has answered. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

const MAGIC_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
};

/** Stripe's form-encoded parameters as qs parses them: strings, nested objects and arrays, read as the endpoint needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped form input, checked field by field below
type FormParams = Record<string, any>;

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, param?: string, code = 'parameter_invalid') => new StripeHttpError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });
const missing = (kind: string, id: string) => new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });

/** Stripe's v1 signature: HMAC-SHA256 of "{t}.{payload}" with the endpoint's secret. */
export function stripeSignatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeSandbox(options: { port?: number; host?: string; webhook?: WebhookEndpoint | null } = {}): Promise<StripeSandbox> {
  const state = new SandboxState();
  const host = options.host ?? '127.0.0.1';
  let webhook: WebhookEndpoint | null = options.webhook ?? null;
  const delivery: DeliveryOptions = { copies: 1, hold: false };
  const held: StripeObject[] = [];
  const deliveries: Delivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let baseUrl = '';

  const send = async (event: StripeObject): Promise<number | null> => {
    if (!webhook) return null;
    const payload = JSON.stringify(event, null, 2);
    let status: number | null = null;
    try {
      const res = await fetch(webhook.url, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignatureHeader(payload, webhook.secret), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: payload });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = null;
    }
    deliveries.push({ eventId: event.id, type: String(event.type), status, at: Date.now() });
    return status;
  };
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };
  const dispatch = (event: StripeObject) => {
    if (delivery.hold) {
      held.push(event);
      return;
    }
    // Copies one after another, as Stripe's retries would arrive.
    track(
      (async () => {
        for (let copy = 0; copy < delivery.copies; copy++) await send(event);
      })(),
    );
  };
  const emit = (type: string, object: StripeObject) => {
    const event: StripeObject = { id: newId('evt'), object: 'event', api_version: '2025-10-29.clover', created: nowSeconds(), livemode: false, pending_webhooks: webhook ? 1 : 0, type, data: { object: structuredClone(object) }, request: { id: null, idempotency_key: null } };
    state.events.push(event);
    dispatch(event);
  };

  // ---- Objects.
  const sessionView = (session: StripeObject): StripeObject => {
    if (session.status === 'open' && (session.expires_at as number) <= nowSeconds()) {
      session.status = 'expired';
      emit('checkout.session.expired', session);
    }
    return session;
  };
  const createPaymentMethod = (number: string, customer: string | null, expMonth: number, expYear: number): StripeObject => {
    const behaviour = cardBehaviour(number)!;
    const pm: StripeObject = { id: newId('pm'), object: 'payment_method', type: 'card', created: nowSeconds(), customer, livemode: false, metadata: {}, card: { brand: behaviour.brand, last4: number.slice(-4), exp_month: expMonth, exp_year: expYear, country: 'GB', funding: 'credit' } };
    state.paymentMethods.set(pm.id, pm);
    state.cards.set(pm.id, { number, brand: behaviour.brand, last4: number.slice(-4), expMonth, expYear });
    return pm;
  };
  const paymentMethodFor = (id: string): StripeObject => {
    const magic = MAGIC_METHODS[id];
    if (magic) return createPaymentMethod(magic, null, 12, new Date().getFullYear() + 3);
    const pm = state.paymentMethods.get(id);
    if (!pm) throw missing('PaymentMethod', id);
    return pm;
  };
  const completeSession = (session: StripeObject, pm: StripeObject) => {
    pm.customer = session.customer;
    const setupIntent: StripeObject = { id: newId('seti'), object: 'setup_intent', status: 'succeeded', usage: 'off_session', customer: session.customer, payment_method: pm.id, created: nowSeconds(), metadata: session.metadata };
    state.setupIntents.set(setupIntent.id, setupIntent);
    session.status = 'complete';
    session.setup_intent = setupIntent.id;
    delete session._pendingMethod;
    emit('setup_intent.succeeded', setupIntent);
    emit('checkout.session.completed', session);
  };
  const expandSession = (session: StripeObject, expand: string[]): StripeObject => {
    const view = { ...session };
    delete view._pendingMethod;
    if ((expand.includes('setup_intent') || expand.includes('setup_intent.payment_method')) && typeof view.setup_intent === 'string') {
      const intent = { ...state.setupIntents.get(view.setup_intent)! };
      if (expand.includes('setup_intent.payment_method')) intent.payment_method = state.paymentMethods.get(intent.payment_method as string) ?? intent.payment_method;
      view.setup_intent = intent;
    }
    return view;
  };

  // ---- API routes: [method, pattern, handler(params, match)].
  type Handler = (params: FormParams, match: RegExpMatchArray) => StripeObject | Promise<StripeObject>;
  const routes: Array<[string, RegExp, Handler]> = [
    ['POST', /^\/v1\/customers$/, (p) => {
      const customer: StripeObject = { id: newId('cus'), object: 'customer', email: p.email ?? null, name: p.name ?? null, metadata: p.metadata ?? {}, created: nowSeconds(), livemode: false };
      state.customers.set(customer.id, customer);
      return customer;
    }],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (_p, m) => state.customers.get(m[1]!) ?? (() => { throw missing('customer', m[1]!); })()],
    ['POST', /^\/v1\/checkout\/sessions$/, (p) => {
      if (p.mode !== 'setup') throw invalid('The sandbox supports Checkout in setup mode only.', 'mode');
      if (!p.success_url) throw invalid('Missing required param: success_url.', 'success_url', 'parameter_missing');
      if (p.customer && !state.customers.has(p.customer)) throw missing('customer', p.customer);
      const created = nowSeconds();
      const expiresAt = p.expires_at ? Number(p.expires_at) : created + 24 * 3600;
      if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
      const id = newId('cs_test');
      const session: StripeObject = { id, object: 'checkout.session', mode: 'setup', status: 'open', url: `${baseUrl}/checkout/${id}`, success_url: p.success_url, cancel_url: p.cancel_url ?? null, customer: p.customer ?? null, customer_email: p.customer_email ?? null, client_reference_id: p.client_reference_id ?? null, setup_intent: null, metadata: p.metadata ?? {}, created, expires_at: expiresAt, livemode: false, payment_method_types: p.payment_method_types ?? ['card'], currency: p.currency ?? null };
      state.checkoutSessions.set(id, session);
      return session;
    }],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (p, m) => {
      const session = state.checkoutSessions.get(m[1]!);
      if (!session) throw missing('checkout.session', m[1]!);
      return expandSession(sessionView(session), [].concat(p.expand ?? []));
    }],
    ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (_p, m) => {
      const session = state.checkoutSessions.get(m[1]!);
      if (!session) throw missing('checkout.session', m[1]!);
      if (sessionView(session).status !== 'open') throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`);
      session.status = 'expired';
      emit('checkout.session.expired', session);
      return expandSession(session, []);
    }],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, (_p, m) => state.setupIntents.get(m[1]!) ?? (() => { throw missing('setup_intent', m[1]!); })()],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (_p, m) => paymentMethodFor(m[1]!)],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, (p, m) => {
      if (!state.customers.has(p.customer)) throw missing('customer', p.customer);
      const pm = paymentMethodFor(m[1]!);
      pm.customer = p.customer;
      emit('payment_method.attached', pm);
      return pm;
    }],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, (_p, m) => {
      const pm = paymentMethodFor(m[1]!);
      pm.customer = null;
      emit('payment_method.detached', pm);
      return pm;
    }],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (_p, m) => state.paymentIntents.get(m[1]!) ?? (() => { throw missing('payment_intent', m[1]!); })()],
    ['POST', /^\/v1\/payment_intents$/, (p) => {
      const amount = Number(p.amount);
      if (!Number.isInteger(amount) || amount < 30) throw invalid('Amount must be at least £0.30 gbp', 'amount', 'amount_too_small');
      if ((p.currency ?? '').toLowerCase() !== 'gbp') throw invalid('The sandbox account settles in GBP only.', 'currency');
      const pm = paymentMethodFor(p.payment_method);
      if (p.customer && pm.customer !== p.customer) throw invalid(`The provided PaymentMethod ${pm.id} was previously used without being attached to a Customer or was detached from a Customer.`, 'payment_method');
      const card = state.cards.get(pm.id)!;
      const intent: StripeObject = { id: newId('pi'), object: 'payment_intent', amount, amount_received: 0, currency: 'gbp', customer: p.customer ?? null, payment_method: pm.id, description: p.description ?? null, metadata: p.metadata ?? {}, created: nowSeconds(), livemode: false, status: 'requires_confirmation', latest_charge: null, last_payment_error: null, off_session: p.off_session === 'true' };
      state.paymentIntents.set(intent.id, intent);
      if (p.confirm !== 'true') return intent;
      const behaviour = cardBehaviour(card.number)!;
      const now = new Date();
      const expired = card.expYear < now.getFullYear() || (card.expYear === now.getFullYear() && card.expMonth < now.getMonth() + 1);
      const outcome = expired ? { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' } : behaviour.charge;
      if (outcome === 'succeed') {
        Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: newId('ch') });
        emit('charge.succeeded', { id: intent.latest_charge as string, object: 'charge', amount, payment_intent: intent.id, paid: true, status: 'succeeded', metadata: intent.metadata });
        emit('payment_intent.succeeded', intent);
        return intent;
      }
      const error = { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode, message: outcome.message, doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`, payment_method: pm, charge: newId('ch') };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, latest_charge: error.charge });
      emit('payment_intent.payment_failed', intent);
      throw new StripeHttpError(402, { ...error, payment_intent: intent });
    }],
    ['POST', /^\/v1\/refunds$/, (p) => {
      const intent = state.paymentIntents.get(p.payment_intent);
      if (!intent) throw missing('payment_intent', String(p.payment_intent));
      if (intent.status !== 'succeeded') throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
      const refunded = [...state.refunds.values()].filter((r) => r.payment_intent === intent.id && r.status !== 'failed').reduce((sum, r) => sum + (r.amount as number), 0);
      const left = (intent.amount as number) - refunded;
      if (left <= 0) throw invalid(`Charge ${String(intent.latest_charge)} has already been refunded.`, undefined, 'charge_already_refunded');
      const amount = p.amount === undefined ? left : Number(p.amount);
      if (!Number.isInteger(amount) || amount <= 0) throw invalid('Invalid positive integer', 'amount');
      if (amount > left) throw invalid(`Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`, 'amount', 'amount_too_large');
      const refund: StripeObject = { id: newId('re'), object: 'refund', amount, currency: 'gbp', payment_intent: intent.id, charge: intent.latest_charge, status: 'succeeded', reason: p.reason ?? null, metadata: p.metadata ?? {}, created: nowSeconds() };
      state.refunds.set(refund.id, refund);
      emit('refund.created', refund);
      emit('charge.refunded', { id: intent.latest_charge as string, object: 'charge', amount: intent.amount, amount_refunded: refunded + amount, payment_intent: intent.id, refunded: refunded + amount === intent.amount, metadata: intent.metadata });
      return refund;
    }],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, (_p, m) => state.refunds.get(m[1]!) ?? (() => { throw missing('refund', m[1]!); })()],
    ['GET', /^\/v1\/events\/([^/]+)$/, (_p, m) => state.events.find((event) => event.id === m[1]) ?? (() => { throw missing('event', m[1]!); })()],
  ];

  // ---- Hosted pages (browser forms).
  const hosted = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    const html = (status: number, body: string) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    const redirect = (to: string) => res.writeHead(303, { location: to }).end();
    const checkout = /^\/checkout\/([^/]+)$/.exec(path);
    const challenge = /^\/3ds\/([^/]+)$/.exec(path);
    const session = state.checkoutSessions.get((checkout ?? challenge)?.[1] ?? '');
    if (!checkout && !challenge) return false;
    if (!session) return html(404, messagePage('Something went wrong', 'This checkout page does not exist.')), true;
    if (sessionView(session).status === 'expired') return html(410, messagePage('This page has expired', 'Go back and start again to save your card.')), true;
    if (session.status === 'complete') return redirect(successUrl(session)), true;
    const form = req.method === 'POST' ? (qs.parse(await readBody(req)) as Record<string, string>) : null;
    if (checkout && !form) return html(200, checkoutPage(session.id, (session.customer_email as string) ?? null)), true;
    if (checkout && form) {
      const number = String(form.cardNumber ?? '').replace(/\D/g, '');
      const behaviour = cardBehaviour(number);
      const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(String(form.cardExpiry ?? ''));
      const month = expiry ? Number(expiry[1]) : 0;
      const year = expiry ? 2000 + Number(expiry[2]) : 0;
      const now = new Date();
      const error = !behaviour
        ? 'Your card number is incorrect.'
        : !expiry || month < 1 || month > 12
          ? "Your card's expiration date is incomplete."
          : year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)
            ? "Your card's expiration year is in the past."
            : !/^\d{3,4}$/.test(String(form.cardCvc ?? ''))
              ? "Your card's security code is incomplete."
              : null;
      if (error) return html(200, checkoutPage(session.id, (session.customer_email as string) ?? null, error)), true;
      const pm = createPaymentMethod(number, null, month, year);
      if (behaviour!.setupNeeds3ds) {
        session._pendingMethod = pm.id;
        return redirect(`/3ds/${session.id}`), true;
      }
      completeSession(session, pm);
      return redirect(successUrl(session)), true;
    }
    if (challenge && !form) return html(200, threeDsPage(session.id)), true;
    const pending = state.paymentMethods.get(String(session._pendingMethod ?? ''));
    if (!pending) return redirect(`/checkout/${session.id}`), true;
    if (form!.outcome === 'complete') {
      completeSession(session, pending);
      return redirect(successUrl(session)), true;
    }
    delete session._pendingMethod;
    return html(200, checkoutPage(session.id, (session.customer_email as string) ?? null, 'We are unable to authenticate your payment method. Please choose a different payment method and try again.')), true;
  };
  const successUrl = (session: StripeObject) => String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);

  // ---- Control routes for tests and operators.
  const control = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    if (!path.startsWith('/sandbox/')) return false;
    const body = req.method === 'POST' ? ((JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>)) : {};
    const json = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (path === '/sandbox/webhook-endpoint' && req.method === 'POST') return api.setWebhookEndpoint(body.url ? { url: String(body.url), secret: String(body.secret) } : null), json({ ok: true }), true;
    if (path === '/sandbox/delivery' && req.method === 'POST') return api.setDeliveryOptions(body as Partial<DeliveryOptions>), json(delivery), true;
    if (path === '/sandbox/flush' && req.method === 'POST') return await api.flushDeliveries(body.order === 'reverse' ? 'reverse' : 'asc'), json({ ok: true }), true;
    const resend = /^\/sandbox\/events\/([^/]+)\/resend$/.exec(path);
    if (resend && req.method === 'POST') return json({ status: await api.resend(resend[1]!) }), true;
    if (path === '/sandbox/events') return json(state.events), true;
    if (path === '/sandbox/deliveries') return json(deliveries), true;
    res.writeHead(404).end();
    return true;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const path = url.pathname;
      try {
        if (await hosted(req, res, path)) return;
        if (await control(req, res, path)) return;
        if (!path.startsWith('/v1/')) return void res.writeHead(404).end();
        if (!/^Bearer sk_test_/.test(req.headers.authorization ?? '')) {
          throw new StripeHttpError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: the sandbox accepts test-mode secret keys (sk_test_…) only.' });
        }
        const raw = req.method === 'POST' ? await readBody(req) : url.search.slice(1);
        const params = qs.parse(raw, { depth: 5, arrayLimit: 100 }) as FormParams;
        const route = routes.find(([method, pattern]) => method === req.method && pattern.test(path));
        if (!route) throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` });
        const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
        const remembered = key ? state.idempotent.get(`${path}:${key}`) : undefined;
        if (remembered) {
          if (remembered.params !== raw) throw new StripeHttpError(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` });
          res.writeHead(remembered.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(JSON.stringify(remembered.body));
          return;
        }
        let status = 200;
        let answer: unknown;
        try {
          answer = await route[2](params, path.match(route[1])!);
        } catch (error) {
          if (!(error instanceof StripeHttpError)) throw error;
          status = error.status;
          answer = { error: error.body };
        }
        if (key && status !== 500) state.idempotent.set(`${path}:${key}`, { status, body: answer, params: raw });
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(JSON.stringify(answer));
      } catch (error) {
        if (error instanceof StripeHttpError) return void res.writeHead(error.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.body }));
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } }));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${host}:${port}`;

  const api: StripeSandbox = {
    url: baseUrl,
    host,
    port,
    state,
    deliveries,
    setWebhookEndpoint(endpoint) {
      webhook = endpoint;
    },
    setDeliveryOptions(options) {
      Object.assign(delivery, options);
    },
    async flushDeliveries(order = 'asc') {
      const events = held.splice(0, held.length);
      if (order === 'reverse') events.reverse();
      for (const event of events) for (let copy = 0; copy < delivery.copies; copy++) await track(send(event));
    },
    async resend(eventId) {
      const event = state.events.find((candidate) => candidate.id === eventId);
      if (!event) return null;
      return track(send(event));
    },
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    async stop() {
      await api.settled().catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return api;
}
