import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError, type CardProvider, type ChargeInput, type ChargeOutcome, type RefundInput, type RefundOutcome, type SessionState, type SetupSession, type VerifiedEvent } from '../card-provider';

/**
 * The second card provider (groups other than 2) over its REST API: a hosted page saves the card as a token;
 * a charge is `POST /initiate-auth` (3-D Secure for the token and amount; a challenge means the tenant must
 * pay on session) then `POST /perform-payment`; `POST /{token}` reads the saved card. Every POST carries an
 * idempotency key; callbacks are signed like Stripe's (`X-Signature: t=…,v1=…`, 300 s tolerance).
 */

export interface CardProvider2Settings {
  apiUrl: string;
  apiKey: string;
  callbackSecret: string;
}

const TOLERANCE_SECONDS = 300;

type Json = Record<string, unknown>;

export class CardProvider2Adapter implements CardProvider {
  readonly name = 'WORLDPAY' as const;

  constructor(readonly settings: CardProvider2Settings) {}

  private async call(method: 'GET' | 'POST', path: string, body?: Json, idempotencyKey?: string): Promise<{ status: number; body: Json }> {
    let lastError: unknown;
    // One retry on a network failure: the idempotency key makes the second attempt safe.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const res = await fetch(`${this.settings.apiUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${this.settings.apiKey}`, 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(20_000),
        });
        const json = (await res.json()) as Json;
        if (res.status >= 500) throw new Error(`card provider 2: ${res.status} ${String(json.message)}`);
        return { status: res.status, body: json };
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  async createSetupSession(input: { tenantContractId: number; successUrl: string }): Promise<SetupSession> {
    const successUrl = input.successUrl.replace('{CHECKOUT_SESSION_ID}', '{SESSION_ID}');
    const { status, body } = await this.call('POST', '/v1/setup-sessions', { reference: `TC-${input.tenantContractId}`, successUrl }, `setup:${input.tenantContractId}:${Date.now()}`);
    if (status !== 200) throw new Error(String(body.message));
    return { sessionRef: String(body.id), url: String(body.url), expiresAt: new Date(Number(body.expiresAt) * 1000) };
  }

  async attachCard(sessionRef: string): Promise<SessionState> {
    const { status, body } = await this.call('GET', `/v1/setup-sessions/${encodeURIComponent(sessionRef)}`);
    if (status !== 200) throw new Error(String(body.message));
    if (body.status === 'EXPIRED') return { status: 'EXPIRED' };
    if (body.status !== 'COMPLETE') return { status: 'OPEN' };
    const card = await this.call('POST', `/v1/${encodeURIComponent(String(body.token))}`, {});
    return { status: 'COMPLETE', card: { customerRef: null, methodRef: String(body.token), last4: String(card.body.last4), expiryMonth: Number(card.body.expiryMonth), expiryYear: Number(card.body.expiryYear) } };
  }

  async chargeOffSession(input: ChargeInput): Promise<ChargeOutcome> {
    const auth = await this.call('POST', '/v1/initiate-auth', { token: input.methodRef, amountPence: input.amountPence, reference: input.metadata.paymentId }, `${input.idempotencyKey}:auth`);
    if (auth.status !== 200) return { status: 'FAILED', providerReference: null, code: String(auth.body.code), message: String(auth.body.message) };
    if (auth.body.status === 'CHALLENGE_REQUIRED') {
      return { status: 'FAILED', providerReference: String(auth.body.authId), code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' };
    }
    const paid = await this.call('POST', '/v1/perform-payment', { authId: auth.body.authId, amountPence: input.amountPence }, `${input.idempotencyKey}:pay`);
    if (paid.status !== 200) return { status: 'FAILED', providerReference: null, code: String(paid.body.code), message: String(paid.body.message) };
    if (paid.body.status === 'SUCCESS') return { status: 'SUCCEEDED', providerReference: String(paid.body.paymentId) };
    return { status: 'FAILED', providerReference: String(paid.body.paymentId), code: String(paid.body.code), message: String(paid.body.message) };
  }

  async refund(input: RefundInput): Promise<RefundOutcome> {
    const { status, body } = await this.call('POST', '/v1/refunds', { paymentId: input.chargeReference, amountPence: input.amountPence }, input.idempotencyKey);
    if (status !== 200) return { status: 'FAILED', providerReference: null, message: String(body.message) };
    return { status: 'SUCCEEDED', providerReference: String(body.refundId) };
  }

  verifyWebhook(rawBody: Buffer | string, headers: Record<string, string | string[] | undefined>): VerifiedEvent {
    const header = headers['x-signature'];
    const value = Array.isArray(header) ? header[0] : header;
    if (!value) throw new WebhookSignatureError('SIGNATURE_NOT_PROVIDED', 'No X-Signature header.');
    const parts = new Map(value.split(',').map((part) => part.trim().split('=') as [string, string]));
    const timestamp = Number(parts.get('t'));
    if (!parts.get('t') || !Number.isInteger(timestamp)) throw new WebhookSignatureError('TIMESTAMP_NOT_PROVIDED', 'The X-Signature header has no timestamp.');
    const given = parts.get('v1');
    if (!given) throw new WebhookSignatureError('SIGNATURE_NOT_PROVIDED', 'The X-Signature header has no v1 signature.');
    const body = Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody;
    const expected = createHmac('sha256', this.settings.callbackSecret).update(`${timestamp}.${body}`).digest('hex');
    if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) throw new WebhookSignatureError('INVALID_SIGNATURE', 'The callback signature does not match.');
    if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) throw new WebhookSignatureError('TIMESTAMP_OUTSIDE_LIMIT', 'The callback is older than 300 seconds.');
    const event = JSON.parse(body) as { id: string; type: string; created: number; data: Json };
    return { id: event.id, type: event.type, created: event.created, data: event.data };
  }
}
