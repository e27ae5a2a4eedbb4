import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import { checkoutPage, messagePage, threeDsPage } from '../stripe/hosted-pages';
import { newId, nowSeconds } from '../stripe/sandbox-state';
import { cardBehaviour } from '../stripe/test-cards';

/**
 * A local stand-in for the second card provider (every group but 2): a hosted page that saves a card as a
 * token, then the provider's card flow — `POST /initiate-auth` (3-D Secure authentication of the token for an
 * amount; a challenge page when the card needs one), `POST /perform-payment` (the payment of an authenticated
 * auth), `POST /{token}` (the saved card's details) — and refunds, with idempotency keys and signed
 * callbacks (`X-Signature: t=…,v1=HMAC-SHA256("{t}.{body}")`). Same test cards as the Stripe sandbox.
 */

export interface CardProvider2Sandbox {
  url: string;
  host: string;
  port: number;
  setCallback(endpoint: { url: string; secret: string } | null): void;
  settled(): Promise<void>;
  payments: Map<string, Record<string, unknown>>;
  stop(): Promise<void>;
}

export function cardProvider2Signature(body: string, secret: string, timestamp = nowSeconds()): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

type Json = Record<string, unknown>;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startCardProvider2Sandbox(options: { port?: number; callback?: { url: string; secret: string } | null } = {}): Promise<CardProvider2Sandbox> {
  const host = '127.0.0.1';
  let callback = options.callback ?? null;
  let baseUrl = '';
  const sessions = new Map<string, Json>();
  const tokens = new Map<string, { number: string; last4: string; expiryMonth: number; expiryYear: number; brand: string }>();
  const auths = new Map<string, Json>();
  const payments = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  // Test tokens that exist in every sandbox (as Stripe's pm_card_visa does), so demo data keeps a chargeable card across restarts.
  const nextYear = new Date().getFullYear() + 3;
  tokens.set('cp2tok_test_visa', { number: '4242424242424242', last4: '4242', expiryMonth: 12, expiryYear: nextYear, brand: 'visa' });
  tokens.set('cp2tok_test_declined', { number: '4000000000000002', last4: '0002', expiryMonth: 12, expiryYear: nextYear, brand: 'visa' });
  const inFlight = new Set<Promise<unknown>>();

  const notify = (type: string, data: Json) => {
    if (!callback) return;
    const body = JSON.stringify({ id: newId('cp2evt'), type, created: nowSeconds(), data });
    const target = callback;
    const sent = fetch(target.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': cardProvider2Signature(body, target.secret) }, body })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  };

  const fail = (status: number, code: string, message: string) => Object.assign(new Error(message), { status, code });
  const api: Record<string, (body: Json, id?: string) => Json> = {
    'POST /v1/setup-sessions': (body) => {
      const id = newId('cp2sess');
      const session = { id, status: 'OPEN', url: `${baseUrl}/checkout/${id}`, successUrl: body.successUrl, reference: body.reference ?? null, token: null, expiresAt: nowSeconds() + 3600 };
      sessions.set(id, session);
      return session;
    },
    'GET /v1/setup-sessions': (_body, id) => {
      const session = sessions.get(id!);
      if (!session) throw fail(404, 'NOT_FOUND', 'No such setup session');
      if (session.status === 'OPEN' && (session.expiresAt as number) <= nowSeconds()) session.status = 'EXPIRED';
      return session;
    },
    'POST /v1/setup-sessions/expire': (_body, id) => {
      const session = sessions.get(id!);
      if (!session) throw fail(404, 'NOT_FOUND', 'No such setup session');
      session.status = 'EXPIRED';
      return session;
    },
    'POST /v1/initiate-auth': (body) => {
      const card = tokens.get(String(body.token));
      if (!card) throw fail(400, 'INVALID_TOKEN', 'Unknown card token.');
      const behaviour = cardBehaviour(card.number)!;
      const authId = newId('cp2auth');
      // Off-session (merchant-initiated) payments are exempt from 3-D Secure unless the card always demands it.
      const always = behaviour.charge !== 'succeed' && behaviour.charge.code === 'authentication_required';
      const auth = { authId, token: body.token, amountPence: body.amountPence, status: always ? 'CHALLENGE_REQUIRED' : 'AUTHENTICATED', challengeUrl: always ? `${baseUrl}/3ds/${authId}` : null };
      auths.set(authId, auth);
      return auth;
    },
    'POST /v1/perform-payment': (body) => {
      const auth = auths.get(String(body.authId));
      if (!auth) throw fail(400, 'INVALID_AUTH', 'Unknown authentication.');
      if (auth.status !== 'AUTHENTICATED') throw fail(400, 'NOT_AUTHENTICATED', 'The card holder has not been authenticated.');
      const card = tokens.get(String(auth.token))!;
      const behaviour = cardBehaviour(card.number)!;
      const now = new Date();
      const expired = card.expiryYear < now.getFullYear() || (card.expiryYear === now.getFullYear() && card.expiryMonth < now.getMonth() + 1);
      const outcome = expired ? { code: 'expired_card', message: 'Your card has expired.' } : behaviour.charge;
      const paymentId = newId('cp2pay');
      const payment = outcome === 'succeed' ? { paymentId, status: 'SUCCESS', amountPence: auth.amountPence, refunded: 0 } : { paymentId, status: 'DECLINED', amountPence: auth.amountPence, code: outcome.code, message: outcome.message, refunded: 0 };
      payments.set(paymentId, payment);
      notify(`payment.${String(payment.status).toLowerCase()}`, payment);
      return payment;
    },
    'POST /v1/refunds': (body) => {
      const payment = payments.get(String(body.paymentId));
      if (!payment || payment.status !== 'SUCCESS') throw fail(400, 'NOT_REFUNDABLE', 'The payment cannot be refunded.');
      const amount = Number(body.amountPence);
      if (amount > (payment.amountPence as number) - (payment.refunded as number)) throw fail(400, 'AMOUNT_TOO_HIGH', 'The refund is more than is left of the payment.');
      payment.refunded = (payment.refunded as number) + amount;
      const refund = { refundId: newId('cp2ref'), paymentId: payment.paymentId, amountPence: amount, status: 'SUCCESS' };
      refunds.set(refund.refundId, refund);
      return refund;
    },
    'POST /v1/token': (_body, id) => {
      const card = tokens.get(id!);
      if (!card) throw fail(404, 'INVALID_TOKEN', 'Unknown card token.');
      return { token: id, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, brand: card.brand };
    },
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
      const html = (status: number, body: string) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      try {
        const page = /^\/(checkout|3ds)\/([^/]+)$/.exec(path);
        if (page) {
          const form = req.method === 'POST' ? (qs.parse(await readBody(req)) as Record<string, string>) : null;
          if (page[1] === '3ds') {
            const auth = auths.get(page[2]!);
            if (!auth) return html(404, messagePage('Something went wrong', 'This page does not exist.'));
            if (!form) return html(200, threeDsPage(page[2]!).replace(`/3ds/${page[2]}`, `/3ds/${page[2]}`));
            auth.status = form.outcome === 'complete' ? 'AUTHENTICATED' : 'FAILED';
            return html(200, messagePage('Authentication finished', auth.status === 'AUTHENTICATED' ? 'You can close this page.' : 'The authentication failed.'));
          }
          const session = sessions.get(page[2]!);
          if (!session || session.status !== 'OPEN') return html(410, messagePage('This page has expired', 'Go back and start again to save your card.'));
          if (!form) return html(200, checkoutPage(session.id as string, null));
          const number = String(form.cardNumber ?? '').replace(/\D/g, '');
          const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(String(form.cardExpiry ?? ''));
          const behaviour = cardBehaviour(number);
          if (!behaviour || !expiry) return html(200, checkoutPage(session.id as string, null, !behaviour ? 'Your card number is incorrect.' : "Your card's expiration date is incomplete."));
          const token = newId('cp2tok');
          tokens.set(token, { number, last4: number.slice(-4), expiryMonth: Number(expiry[1]), expiryYear: 2000 + Number(expiry[2]), brand: behaviour.brand });
          Object.assign(session, { status: 'COMPLETE', token });
          notify('setup.completed', { sessionId: session.id, token });
          return void res.writeHead(303, { location: String(session.successUrl).replace('{SESSION_ID}', String(session.id)) }).end();
        }
        if (!/^Bearer cp2_test_/.test(req.headers.authorization ?? '')) return json(401, { code: 'INVALID_API_KEY', message: 'Invalid API key.' });
        const match = /^\/v1\/setup-sessions\/([^/]+)(\/expire)?$/.exec(path);
        const tokenPath = /^\/v1\/(cp2tok_[^/]+)$/.exec(path);
        const key = match ? `${req.method} /v1/setup-sessions${match[2] ?? ''}` : tokenPath ? 'POST /v1/token' : `${req.method} ${path}`;
        const handler = api[key];
        if (!handler) return json(404, { code: 'NOT_FOUND', message: `No route ${req.method} ${path}` });
        const raw = req.method === 'POST' ? await readBody(req) : '';
        const idempotencyKey = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
        const seen = idempotencyKey ? idempotent.get(`${key}:${idempotencyKey}`) : undefined;
        if (seen) return json(seen.status, seen.body);
        let status = 200;
        let body: Json;
        try {
          body = handler(raw ? (JSON.parse(raw) as Json) : {}, match?.[1] ?? tokenPath?.[1]);
        } catch (error) {
          const e = error as Error & { status?: number; code?: string };
          if (!e.status) throw error;
          status = e.status;
          body = { code: e.code, message: e.message };
        }
        if (idempotencyKey) idempotent.set(`${key}:${idempotencyKey}`, { status, body });
        return json(status, body);
      } catch (error) {
        return json(500, { code: 'INTERNAL_SERVER_ERROR', message: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${host}:${port}`;
  return {
    url: baseUrl,
    host,
    port,
    payments,
    setCallback(endpoint) {
      callback = endpoint;
    },
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
