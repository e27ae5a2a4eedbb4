import { Group, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';

/**
 * What the product asks of a card provider, whichever it is (specification §4: group 2 uses Stripe, every
 * other group the second provider; the group's `card_provider` column says which). Every call that moves
 * money takes an idempotency key, so a retried job or a double click never charges or refunds twice.
 */

export type CardProviderName = 'STRIPE' | 'WORLDPAY';

export interface SetupSession {
  /** The provider's session id (Stripe cs_…). */
  sessionRef: string;
  /** The hosted page the tenant opens (in a new tab) to enter the card. */
  url: string;
  expiresAt: Date;
}

export interface AttachedCard {
  customerRef: string | null;
  methodRef: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

export type SessionState = { status: 'COMPLETE'; card: AttachedCard } | { status: 'OPEN' } | { status: 'EXPIRED' };

export type ChargeOutcome =
  | { status: 'SUCCEEDED'; providerReference: string }
  | { status: 'REQUIRES_ACTION'; providerReference: string; actionUrl: string | null }
  | { status: 'FAILED'; providerReference: string | null; code: string; message: string };

export interface ChargeInput {
  idempotencyKey: string;
  amountPence: number;
  customerRef: string | null;
  methodRef: string;
  description: string;
  metadata: Record<string, string>;
}

export interface RefundInput {
  idempotencyKey: string;
  /** The provider's reference of the charge being refunded. */
  chargeReference: string;
  amountPence: number;
  metadata: Record<string, string>;
}

export type RefundOutcome = { status: 'SUCCEEDED' | 'PENDING'; providerReference: string } | { status: 'FAILED'; providerReference: string | null; message: string };

/** A provider event (webhook, callback) whose signature checked out. */
export interface VerifiedEvent {
  id: string;
  type: string;
  created: number;
  data: Record<string, unknown>;
}

export interface CardProvider {
  readonly name: CardProviderName;
  /** Opens a hosted page that saves a card for later off-session charges. */
  createSetupSession(input: { tenantContractId: number; email: string | null; customerRef?: string | null; successUrl: string; cancelUrl: string }): Promise<SetupSession>;
  /** Reads the session back: the saved card once the tenant has completed it. */
  attachCard(sessionRef: string): Promise<SessionState>;
  chargeOffSession(input: ChargeInput): Promise<ChargeOutcome>;
  refund(input: RefundInput): Promise<RefundOutcome>;
  /** Checks a webhook's signature; throws a `WebhookSignatureError` naming the server code when it fails. */
  verifyWebhook(rawBody: Buffer | string, headers: Record<string, string | string[] | undefined>): VerifiedEvent;
}

/** §8 server codes for webhooks and callbacks that cannot be trusted. */
export type WebhookErrorCode = 'SIGNATURE_NOT_PROVIDED' | 'TIMESTAMP_NOT_PROVIDED' | 'TIMESTAMP_OUTSIDE_LIMIT' | 'INVALID_SIGNATURE';

export class WebhookSignatureError extends Error {
  constructor(
    readonly code: WebhookErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The adapters configured at start (sandbox or live), by provider. */
export type CardProviders = Partial<Record<CardProviderName, CardProvider>>;

let configured: CardProviders | null = null;

export function setCardProviders(providers: CardProviders | null): void {
  configured = providers;
}

export function cardProviders(): CardProviders {
  if (!configured) throw new Error('card providers are not configured (startCardProviders was not called)');
  return configured;
}

/** The card provider of a group (its `card_provider` column). */
export function cardProviderForGroup(group: Pick<Group, 'cardProvider'>): CardProvider {
  const provider = cardProviders()[group.cardProvider as CardProviderName];
  if (!provider) throw new DomainError('BAD_USER_INPUT', `Card payments through ${group.cardProvider} are not configured.`);
  return provider;
}

export async function cardProviderForGroupId(db: Knex, groupId: number): Promise<CardProvider> {
  const group = await Group.query(db).findById(groupId);
  if (!group) throw new Error(`group ${groupId} not found`);
  return cardProviderForGroup(group);
}
