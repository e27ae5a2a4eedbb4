import Stripe from 'stripe';
import { WebhookSignatureError, type CardProvider, type ChargeInput, type ChargeOutcome, type RefundInput, type RefundOutcome, type SessionState, type SetupSession, type VerifiedEvent } from '../card-provider';

/**
 * Cards through Stripe with the official SDK: Checkout Sessions in setup mode save a card for later, off-session
 * PaymentIntents charge it, refunds go back through the same PaymentIntent, and webhooks are checked with the
 * SDK's signature check (300 s tolerance). Pointed at the local sandbox (host/port/protocol) when no keys are set.
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The local sandbox's address; null talks to api.stripe.com. */
  apiUrl: string | null;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function stripeClient(settings: StripeSettings): Stripe {
  const local = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'shared-house-bills' },
    ...(local ? { host: local.hostname, port: Number(local.port), protocol: local.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

export class StripeCardProvider implements CardProvider {
  readonly name = 'STRIPE' as const;
  readonly stripe: Stripe;

  constructor(readonly settings: StripeSettings) {
    this.stripe = stripeClient(settings);
  }

  async createSetupSession(input: { tenantContractId: number; email: string | null; customerRef?: string | null; successUrl: string; cancelUrl: string }): Promise<SetupSession> {
    // One Stripe customer per tenant contract: the one already holding its cards, or a new one.
    const customer = input.customerRef ? { id: input.customerRef } : await this.stripe.customers.create({ email: input.email ?? undefined, metadata: { tenantContractId: String(input.tenantContractId) } });
    const session = await this.stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'gbp',
      customer: customer.id,
      client_reference_id: String(input.tenantContractId),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      metadata: { tenantContractId: String(input.tenantContractId) },
    });
    return { sessionRef: session.id, url: session.url!, expiresAt: new Date(session.expires_at * 1000) };
  }

  async attachCard(sessionRef: string): Promise<SessionState> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionRef, { expand: ['setup_intent.payment_method'] });
    if (session.status === 'expired') return { status: 'EXPIRED' };
    if (session.status !== 'complete') return { status: 'OPEN' };
    const intent = session.setup_intent as Stripe.SetupIntent;
    const method = intent.payment_method as Stripe.PaymentMethod;
    const card = method.card!;
    return {
      status: 'COMPLETE',
      card: { customerRef: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null), methodRef: method.id, last4: card.last4, expiryMonth: card.exp_month, expiryYear: card.exp_year },
    };
  }

  async chargeOffSession(input: ChargeInput): Promise<ChargeOutcome> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountPence,
          currency: 'gbp',
          customer: input.customerRef ?? undefined,
          payment_method: input.methodRef,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status === 'succeeded' || intent.status === 'processing') return { status: 'SUCCEEDED', providerReference: intent.id };
      if (intent.status === 'requires_action') return { status: 'REQUIRES_ACTION', providerReference: intent.id, actionUrl: intent.next_action?.redirect_to_url?.url ?? null };
      return { status: 'FAILED', providerReference: intent.id, code: intent.status, message: intent.last_payment_error?.message ?? 'The payment did not go through.' };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: 'FAILED', providerReference: error.payment_intent?.id ?? null, code: error.decline_code ?? error.code ?? 'card_declined', message: error.message };
      }
      throw error;
    }
  }

  async refund(input: RefundInput): Promise<RefundOutcome> {
    try {
      const refund = await this.stripe.refunds.create({ payment_intent: input.chargeReference, amount: input.amountPence, metadata: input.metadata }, { idempotencyKey: input.idempotencyKey });
      return { status: refund.status === 'succeeded' ? 'SUCCEEDED' : 'PENDING', providerReference: refund.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return { status: 'FAILED', providerReference: null, message: error.message };
      throw error;
    }
  }

  verifyWebhook(rawBody: Buffer | string, headers: Record<string, string | string[] | undefined>): VerifiedEvent {
    const header = headers['stripe-signature'];
    const value = Array.isArray(header) ? header[0] : header;
    if (!value) throw new WebhookSignatureError('SIGNATURE_NOT_PROVIDED', 'No Stripe-Signature header.');
    const parts = value.split(',').map((part) => part.trim().split('='));
    if (!parts.some(([key, v]) => key === 't' && v)) throw new WebhookSignatureError('TIMESTAMP_NOT_PROVIDED', 'The Stripe-Signature header has no timestamp.');
    if (!parts.some(([key, v]) => key === 'v1' && v)) throw new WebhookSignatureError('SIGNATURE_NOT_PROVIDED', 'The Stripe-Signature header has no v1 signature.');
    try {
      const event = this.stripe.webhooks.constructEvent(rawBody, value, this.settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      return { id: event.id, type: event.type, created: event.created, data: event.data.object as unknown as Record<string, unknown> };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/tolerance/i.test(message)) throw new WebhookSignatureError('TIMESTAMP_OUTSIDE_LIMIT', 'The webhook is older than 300 seconds.');
      throw new WebhookSignatureError('INVALID_SIGNATURE', 'The webhook signature does not match.');
    }
  }
}
