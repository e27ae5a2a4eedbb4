import { CardSetupSession, Group, PaymentMethod, User, type Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError } from '../../errors/domain-error';
import { CARD_ADD_STARTED } from '../../rules';
import { cardProviderForGroup, type AttachedCard } from './card-provider';
import { tenantContractForCaller } from './payment-scope';

/**
 * Saving a card (specification §4 "add card in a new tab"): the tenant (or staff for them) opens the group's
 * provider's hosted page; when it is completed the card is attached to that tenant contract — by the add-card
 * mutation from the page the provider returns to, or by the provider's webhook, whichever comes first. A
 * session is attached once (SESSION_ALREADY_PROCESSED), only to the contract that opened it
 * (INVALID_SESSION_ID), and not after it expired (SESSION_TIMED_OUT).
 */

export const CARD_MESSAGES = {
  checkoutError: 'stripe.checkoutSession.error',
  cardAddStarted: CARD_ADD_STARTED,
  successUrl: 'The return address must be a page of this site.',
  notEntered: 'The card has not been entered on the checkout page yet.',
  notStripe: "This tenant's group takes cards through the other card provider.",
} as const;

export interface CheckoutInput {
  tenantId: unknown;
  successUrl: unknown;
}

/** Opens the hosted checkout (setup mode) of the contract's group's provider; answers the page's address. */
export async function createCheckoutSession(db: Knex, caller: { user: AuthUser | null; groupId: number | null; baseUrl: string }, input: CheckoutInput, options: { stripeOnly?: boolean } = { stripeOnly: true }): Promise<{ sessionUrl: string; sessionId: string }> {
  const contract = await tenantContractForCaller(db, caller.user, caller.groupId, input.tenantId);
  const successUrl = typeof input.successUrl === 'string' ? input.successUrl : '';
  // Only back to this product: the provider would otherwise send the tenant anywhere the caller names.
  if (!isOwnPage(successUrl, caller.baseUrl)) throw DomainError.invalid([{ field: 'successUrl', rule: 'ownSite', message: CARD_MESSAGES.successUrl }]);
  const group = await Group.query(db).findById(contract.groupId);
  const provider = cardProviderForGroup(group!);
  if (options.stripeOnly && provider.name !== 'STRIPE') throw DomainError.invalid([{ field: 'tenantId', rule: 'stripeGroup', message: CARD_MESSAGES.notStripe }]);
  const tenant = await User.query(db).findById(contract.userId);
  const existing = await PaymentMethod.query(db).where({ tenant_contract_id: contract.id, kind: 'CARD', card_provider: provider.name }).whereNotNull('provider_customer_ref').orderBy('id', 'desc').first();
  const withSession = successUrl.includes('{CHECKOUT_SESSION_ID}') ? successUrl : `${successUrl}${successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
  let session;
  try {
    session = await provider.createSetupSession({ tenantContractId: contract.id, email: tenant?.email ?? null, customerRef: existing?.providerCustomerRef ?? null, successUrl: withSession, cancelUrl: successUrl });
  } catch (error) {
    throw new DomainError('BAD_USER_INPUT', CARD_MESSAGES.checkoutError, { cause: error instanceof Error ? error.message : String(error) });
  }
  await CardSetupSession.query(db).insert({ groupId: contract.groupId, tenantContractId: contract.id, provider: provider.name, sessionRef: session.sessionRef, status: 'OPEN', expiresAt: session.expiresAt });
  return { sessionUrl: session.url, sessionId: session.sessionRef };
}

export interface AddedCard {
  paymentMethod: PaymentMethod;
  message: string;
}

/** The add-card mutation: attaches the completed session's card to the tenant contract named. */
export async function addCard(db: Knex, caller: { user: AuthUser | null; groupId: number | null }, input: { tenantId: unknown; sessionId: unknown }): Promise<AddedCard> {
  const contract = await tenantContractForCaller(db, caller.user, caller.groupId, input.tenantId);
  const sessionRef = typeof input.sessionId === 'string' ? input.sessionId.trim() : '';
  if (!sessionRef) throw new DomainError('INVALID_SESSION_ID', 'Missing tenant ID or card reference.', { fields: [{ field: 'sessionId', rule: 'required', message: 'Missing tenant ID or card reference.' }] });
  const session = await CardSetupSession.query(db).findOne({ session_ref: sessionRef, tenant_contract_id: contract.id });
  if (!session) throw new DomainError('INVALID_SESSION_ID', 'This checkout session does not belong to this tenant.');
  if (session.acknowledgedAt) throw new DomainError('SESSION_ALREADY_PROCESSED', 'This card has already been added.');
  const outcome = await completeCardSetup(db, session.sessionRef);
  if (outcome === 'EXPIRED') throw new DomainError('SESSION_TIMED_OUT', 'The checkout session timed out: start again to add the card.');
  if (outcome === 'OPEN') throw DomainError.invalid([{ field: 'sessionId', rule: 'completed', message: CARD_MESSAGES.notEntered }]);
  if (outcome === 'UNKNOWN') throw new DomainError('INVALID_SESSION_ID', 'This checkout session does not belong to this tenant.');
  // Attached now or by the webhook before: the tenant's first confirmation gets the card, a repeat is refused.
  const acknowledged = await CardSetupSession.query(db).patch({ acknowledgedAt: new Date() }).where({ id: session.id }).whereNull('acknowledged_at');
  if (!acknowledged) throw new DomainError('SESSION_ALREADY_PROCESSED', 'This card has already been added.');
  const completed = await CardSetupSession.query(db).findById(session.id);
  const method = await PaymentMethod.query(db).findById(completed!.paymentMethodId!);
  return { paymentMethod: method!, message: CARD_MESSAGES.cardAddStarted };
}

/**
 * Reads the session from its provider and, if complete, saves the card as the contract's active card (older
 * cards of the contract switched off), exactly once: the session row is locked and marked COMPLETED in the
 * same transaction. Used by add-card and by the provider's webhook alike.
 */
export async function completeCardSetup(db: Knex, sessionRef: string): Promise<PaymentMethod | 'OPEN' | 'EXPIRED' | 'ALREADY' | 'UNKNOWN'> {
  const known = await CardSetupSession.query(db).findOne({ session_ref: sessionRef });
  if (!known) return 'UNKNOWN';
  if (known.status === 'COMPLETED') return 'ALREADY';
  const group = await Group.query(db).findById(known.groupId);
  const state = await cardProviderForGroup(group!).attachCard(sessionRef);
  return db.transaction(async (trx) => {
    const session = await CardSetupSession.query(trx).findById(known.id).forUpdate();
    if (!session || session.status === 'COMPLETED') return 'ALREADY' as const;
    if (state.status === 'EXPIRED') {
      await session.$query(trx).patch({ status: 'EXPIRED', updatedAt: new Date() });
      return 'EXPIRED' as const;
    }
    if (state.status === 'OPEN') return 'OPEN' as const;
    const method = await saveCard(trx, session, state.card);
    await session.$query(trx).patch({ status: 'COMPLETED', paymentMethodId: method.id, updatedAt: new Date() });
    return method;
  });
}

async function saveCard(trx: Knex, session: CardSetupSession, card: AttachedCard): Promise<PaymentMethod> {
  await PaymentMethod.query(trx).patch({ isActive: false }).where({ tenant_contract_id: session.tenantContractId, kind: 'CARD', is_active: true });
  return PaymentMethod.query(trx).insertAndFetch({
    groupId: session.groupId,
    tenantContractId: session.tenantContractId,
    kind: 'CARD',
    cardProvider: session.provider,
    cardLast4: card.last4,
    cardExpiryMonth: card.expiryMonth,
    cardExpiryYear: card.expiryYear,
    providerCustomerRef: card.customerRef,
    providerMethodRef: card.methodRef,
    isActive: true,
  });
}

function isOwnPage(url: string, baseUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(baseUrl).origin;
  } catch {
    return false;
  }
}
