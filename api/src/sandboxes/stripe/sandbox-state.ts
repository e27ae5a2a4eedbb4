import { randomBytes } from 'node:crypto';

/** The objects a Stripe account holds, as Stripe's API returns them (only the fields the product reads). */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface StoredCard {
  number: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Stripe-like ids: a prefix and 24 random characters. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export class SandboxState {
  readonly customers = new Map<string, StripeObject>();
  readonly checkoutSessions = new Map<string, StripeObject>();
  readonly setupIntents = new Map<string, StripeObject>();
  readonly paymentMethods = new Map<string, StripeObject>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  readonly events: StripeObject[] = [];
  /** The card numbers behind saved payment methods (Stripe never returns them; the sandbox needs them to decide outcomes). */
  readonly cards = new Map<string, StoredCard>();
  /** Answers already given per idempotency key, replayed for a retried request as Stripe does (24 h there; the process life here). */
  readonly idempotent = new Map<string, { status: number; body: unknown; params: string }>();
}
