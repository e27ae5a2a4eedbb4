import type { PgBoss } from 'pg-boss';
import { CardSetupSession, DirectDebitMandate, PaymentMethod, SignupSession, TenantContract, type Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import type { AuthUser } from '../../auth/auth-user';
import { consumeAttempt } from '../../auth/rate-limit';
import { DomainError } from '../../errors/domain-error';
import { SIGNUP_MESSAGES } from '../../rules';
import { advanceNoticeWorkingDays } from '../payments/bacs/bacs-calendar';
import { loadBacsCalendar } from '../payments/bacs/bank-holidays';
import { completeCardSetup, createCheckoutSession } from '../payments/card-setup.service';
import { setUpDirectDebit } from '../payments/direct-debit/set-up-direct-debit.service';
import { contractStatusChangeRefusal } from '../records/rules/contract-status-change';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { SIGNUP_SESSION_MESSAGES } from './signup-session.service';

/*
 * The payment step of a processed sign-up, for anyone holding its token (the visitor has no session yet): the
 * token acts only on the tenant contract its own processing created (kept on the session), never on an id the
 * caller names. The payments module's own flows do the work, with "the tenant this sign-up created" as their
 * caller: the group's hosted card page (card-setup.service) and the paperless Direct Debit (modulus checked,
 * the Guarantee confirmation e-mail, lodged with AUDDIS in the next file). Once a card or mandate is on file
 * the sign-up is complete and its tenant contract ACTIVE (§4: active needs a payment method).
 */

/** Status checks follow a card being entered in another tab (a poll every few seconds); checkouts hit the provider. */
export const SIGNUP_PAYMENT_LIMITS = { status: { limit: 600, windowMinutes: 10 }, checkout: { limit: 30, windowMinutes: 10 } } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const contradicts = () => DomainError.invalid([{ field: 'token', rule: 'paymentMethod', message: SIGNUP_MESSAGES.contradicts }]);

interface ProcessedSignup {
  session: SignupSession;
  contract: TenantContract;
  /** The sign-up's own tenant, as the payments services' caller. */
  caller: AuthUser;
}

async function processedSignup(db: Knex, token: unknown): Promise<ProcessedSignup> {
  const notFound = new DomainError('NOT_FOUND', SIGNUP_SESSION_MESSAGES.notFound, { fields: [{ field: 'token', rule: 'exists', message: SIGNUP_SESSION_MESSAGES.notFound }] });
  if (typeof token !== 'string' || !UUID.test(token)) throw notFound;
  const session = await SignupSession.query(db).findOne({ token: token.toLowerCase() });
  if (!session) throw notFound;
  if (!session.processedAt || !session.tenantContractId) throw DomainError.invalid([{ field: 'token', rule: 'processed', message: SIGNUP_MESSAGES.notProcessed }]);
  const contract = (await TenantContract.query(db).findById(session.tenantContractId).withGraphFetched('tenant'))!;
  const tenant = contract.tenant!;
  const caller: AuthUser = { id: tenant.id, role: tenant.role as AuthUser['role'], email: tenant.email, firstName: tenant.firstName, lastName: tenant.lastName, sessionId: `signup:${session.id}`, permissions: null, partnerId: null, isFO: false, staffGroups: [] };
  return { session, contract, caller };
}

/** Marks the sign-up complete and its tenant contract ACTIVE once a payment method is on file (each once). */
async function completeSignupPayment(db: Knex, sessionId: number, tenantContractId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const session = await SignupSession.query(trx).findById(sessionId).forUpdate();
    if (!session || session.completedAt) return;
    await session.$query(trx).patch({ completedAt: new Date(), updatedAt: new Date() } as Partial<SignupSession>);
    const contract = (await TenantContract.query(trx).findById(tenantContractId).forUpdate())!;
    if (contract.status !== 'PENDING' || (await contractStatusChangeRefusal(trx, contract, 'ACTIVE'))) return;
    await contract.$query(trx).patch({ status: 'ACTIVE', updatedAt: new Date() } as Partial<TenantContract>);
    await recordChange(trx, { action: 'UPDATE', entity: 'tenant_contracts', entityId: contract.id, actorUserId: contract.userId, before: { status: 'PENDING' }, after: { status: 'ACTIVE', source: 'signup payment' } });
  });
}

/**
 * The first Direct Debit collection of the contract's schedule: its first instalment's due date, or later when
 * a new mandate cannot be collected that soon (Bacs cycle and advance notice from today). Null without a schedule.
 */
async function firstDirectDebitCollection(db: Knex, contract: TenantContract): Promise<string | null> {
  const first: { entry_date: string } | undefined = await db('ledger_entries').where({ tenant_contract_id: contract.id, kind: 'INSTALMENT' }).orderBy('entry_date').first('entry_date');
  if (!first) return null;
  const [calendar, today] = await Promise.all([loadBacsCalendar(db), readSystemCurrentDate(db)]);
  return [calendar.onOrAfter(first.entry_date), calendar.firstCollection(today, contract.paymentDay, advanceNoticeWorkingDays())].sort().at(-1)!;
}

export async function signupCardCheckout(db: Knex, input: { token: unknown; successUrl: unknown }, context: { ip: string | null; baseUrl: string }): Promise<{ sessionUrl: string }> {
  await consumeAttempt(db, { key: `signup-checkout:ip:${context.ip ?? 'unknown'}`, ...SIGNUP_PAYMENT_LIMITS.checkout });
  const { session, contract, caller } = await processedSignup(db, input.token);
  if (session.paymentMethod !== 'CREDIT_CARD') throw contradicts();
  if (session.completedAt) throw new DomainError('CONFLICT', SIGNUP_SESSION_MESSAGES.completed);
  const { sessionUrl } = await createCheckoutSession(db, { user: caller, groupId: null, baseUrl: context.baseUrl }, { tenantId: contract.id, successUrl: input.successUrl }, { stripeOnly: false });
  return { sessionUrl };
}

export interface SignupDirectDebitInput {
  token: unknown;
  accountHolderName: unknown;
  sortCode: unknown;
  accountNumber: unknown;
  /** The payer confirms they are the account holder and may authorise debits alone (Bacs): required true. */
  accountHolderConfirmed?: unknown;
}

export async function signupDirectDebit(db: Knex, boss: PgBoss, input: SignupDirectDebitInput, context: { ip: string | null }): Promise<{ status: string; reference: string; firstCollectionDate: string | null }> {
  await consumeAttempt(db, { key: `signup-checkout:ip:${context.ip ?? 'unknown'}`, ...SIGNUP_PAYMENT_LIMITS.checkout });
  const { session, contract, caller } = await processedSignup(db, input.token);
  if (session.paymentMethod !== 'DIRECT_DEBIT') throw contradicts();
  if (session.completedAt) throw new DomainError('CONFLICT', SIGNUP_SESSION_MESSAGES.completed);
  let mandate: DirectDebitMandate;
  try {
    mandate = await setUpDirectDebit(db, boss, { user: caller, groupId: null }, { tenantId: contract.id, accountName: input.accountHolderName, sortCode: input.sortCode, accountNumber: input.accountNumber, accountHolderConfirmed: input.accountHolderConfirmed });
  } catch (error) {
    // The same rules, under this operation's argument names.
    if (error instanceof DomainError && error.details.fields) throw DomainError.invalid(error.details.fields.map((field) => (field.field === 'accountName' ? { ...field, field: 'accountHolderName' } : field)));
    throw error;
  }
  await completeSignupPayment(db, session.id, contract.id);
  return { status: mandate.status, reference: mandate.reference, firstCollectionDate: await firstDirectDebitCollection(db, contract) };
}

export interface SignupPaymentStatus {
  paymentMethod: string;
  cardOnFile: boolean;
  mandateStatus: string | null;
  complete: boolean;
}

/**
 * Where the payment step is, for the wizard's tab while the card is entered in another: a checkout completed
 * on the provider's page is read back from the provider here (as add-card would), so no return to this tab is needed.
 */
export async function signupPaymentStatus(db: Knex, token: unknown, context: { ip: string | null }): Promise<SignupPaymentStatus> {
  await consumeAttempt(db, { key: `signup-status:ip:${context.ip ?? 'unknown'}`, ...SIGNUP_PAYMENT_LIMITS.status });
  const { session, contract } = await processedSignup(db, token);
  const activeCard = () => PaymentMethod.query(db).findOne({ tenant_contract_id: contract.id, kind: 'CARD', is_active: true });
  let card = await activeCard();
  if (!card && session.paymentMethod === 'CREDIT_CARD') {
    const open = await CardSetupSession.query(db).where({ tenant_contract_id: contract.id, status: 'OPEN' }).orderBy('id', 'desc').first();
    if (open) {
      await completeCardSetup(db, open.sessionRef);
      card = await activeCard();
    }
  }
  const mandate = await DirectDebitMandate.query(db).where({ tenant_contract_id: contract.id }).orderBy('id', 'desc').first();
  const onFile = session.paymentMethod === 'CREDIT_CARD' ? Boolean(card) : session.paymentMethod === 'DIRECT_DEBIT' ? mandate !== undefined && ['PENDING', 'ACTIVE'].includes(mandate.status) : true;
  if (onFile && !session.completedAt) await completeSignupPayment(db, session.id, contract.id);
  return { paymentMethod: session.paymentMethod!, cardOnFile: Boolean(card), mandateStatus: mandate?.status ?? null, complete: onFile || session.completedAt !== null };
}
