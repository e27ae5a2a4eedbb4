import { LedgerEntry, Payment, type Knex } from '@app/db';
import { londonDate } from '../../rules';
import { DomainError } from '../../errors/domain-error';
import { notifyPaymentOutcomes } from './payment-notification';

/**
 * The one place a payment's money reaches the tenant's ledger. A collected payment (card charge, Bacs
 * collection) moves PENDING → SUBMITTED → SETTLED | FAILED; only SETTLED posts the ledger credit (PAYMENT,
 * −amount), and a settled payment that later fails (a Bacs returned debit, a card dispute) posts the
 * reversing PAYMENT_FAILED (+amount). Every function locks the payment row and the database keeps one
 * PAYMENT and one PAYMENT_FAILED entry per payment, so calling any of them twice (a retried job, a webhook
 * delivered twice) changes nothing the second time.
 */

export type CollectionStatus = 'PENDING' | 'SUBMITTED' | 'SETTLED' | 'FAILED';

export interface NewCollectedPayment {
  groupId: number;
  tenantContractId: number;
  amountPence: number;
  paymentDate: string;
  /** PAYMENT_METHODS: CREDIT_CARD, DIRECT_DEBIT… */
  method: string;
  /** Unique: the same key again answers the payment it first created (one per schedule occurrence, say). */
  idempotencyKey: string;
  cardProvider?: string | null;
  paymentMethodId?: number | null;
  reference?: string | null;
}

export interface PaymentOutcome {
  payment: Payment;
  /** False when the call found the work already done (nothing was written). */
  changed: boolean;
}

/** A new PENDING payment, or the one already created with this idempotency key. */
export async function createPendingPayment(trx: Knex, input: NewCollectedPayment): Promise<PaymentOutcome> {
  const inserted: Array<{ id: number }> = await trx('payments')
    .insert({
      group_id: input.groupId,
      tenant_contract_id: input.tenantContractId,
      amount_pence: input.amountPence,
      payment_date: input.paymentDate,
      method: input.method,
      status: 'OUTSTANDING',
      collection_status: 'PENDING',
      idempotency_key: input.idempotencyKey,
      card_provider: input.cardProvider ?? null,
      payment_method_id: input.paymentMethodId ?? null,
      reference: input.reference ?? null,
    })
    .onConflict('idempotency_key')
    .ignore()
    .returning('id');
  const payment = await Payment.query(trx).findOne({ idempotency_key: input.idempotencyKey });
  if (!payment) throw new Error(`payment with idempotency key ${input.idempotencyKey} vanished`);
  return { payment, changed: inserted.length > 0 };
}

async function lockPayment(trx: Knex, paymentId: number): Promise<Payment> {
  const payment = await Payment.query(trx).findById(paymentId).forUpdate();
  if (!payment) throw new DomainError('NOT_FOUND', `Payment ${paymentId} not found.`);
  return payment;
}

/** PENDING → SUBMITTED: handed to the provider (charge sent, Bacs file written), with the provider's reference. */
export async function submitPayment(trx: Knex, paymentId: number, providerReference?: string | null): Promise<PaymentOutcome> {
  const payment = await lockPayment(trx, paymentId);
  if (payment.collectionStatus !== 'PENDING') return { payment, changed: false };
  const updated = await payment.$query(trx).patchAndFetch({ collectionStatus: 'SUBMITTED', providerReference: providerReference ?? payment.providerReference, updatedAt: new Date() });
  return { payment: updated, changed: true };
}

/**
 * The payment is money in: SETTLED (PAID to the tenant) and its ledger credit posted, exactly once. A payment
 * staff entered by hand (no collection status) is settled the same way when recorded PAID. A FAILED payment
 * is not settled again: a new attempt is a new payment.
 */
export async function settlePayment(trx: Knex, paymentId: number, options: { providerReference?: string | null; entryDate?: string } = {}): Promise<PaymentOutcome> {
  const changed = await settlePayments(trx, [{ paymentId, providerReference: options.providerReference }], options);
  return { payment: await lockPayment(trx, paymentId), changed: changed.length > 0 };
}

/**
 * settlePayment for many payments in one go (a day's collections: a few statements for a thousand payments
 * instead of a few thousand). Answers the ids it settled; the others were settled or failed before.
 */
export async function settlePayments(trx: Knex, items: ReadonlyArray<{ paymentId: number; providerReference?: string | null }>, options: { entryDate?: string } = {}): Promise<number[]> {
  if (items.length === 0) return [];
  const payments = await lockPayments(trx, items.map((item) => item.paymentId));
  const credited = await creditedPayments(trx, payments);
  const todo = payments.filter((p) => p.collectionStatus !== 'FAILED' && p.status !== 'FAILED' && !credited.has(p.id));
  if (todo.length === 0) return [];
  // A payment staff recorded as PAID is already as it should be: only its credit is missing.
  const toMark = todo.filter((p) => !(p.collectionStatus === null && p.status === 'PAID'));
  const references = new Map(items.map((item) => [item.paymentId, item.providerReference ?? null]));
  if (toMark.length) {
    await trx.raw(
      `UPDATE payments p SET status = 'PAID', collection_status = CASE WHEN p.collection_status IS NULL THEN NULL ELSE 'SETTLED' END,
              paid_at = COALESCE(p.paid_at, now()), settled_at = now(), provider_reference = COALESCE(v.ref, p.provider_reference), updated_at = now()
         FROM unnest(?::bigint[], ?::text[]) AS v(id, ref) WHERE p.id = v.id`,
      // knex's types want one value type per array; PostgreSQL takes a text[] with NULLs.
      [toMark.map((p) => p.id), toMark.map((p) => references.get(p.id) ?? null) as string[]],
    );
  }
  const entryDate = options.entryDate ?? londonDate(new Date());
  await LedgerEntry.query(trx).insert(
    todo.map((p) => ({ groupId: p.groupId, tenantContractId: p.tenantContractId, entryDate, kind: 'PAYMENT', amountPence: -p.amountPence, description: paymentDescription(p), paymentId: p.id })),
  );
  await notifyPaymentOutcomes(trx, todo.map((payment) => ({ payment })), 'TAKEN');
  return todo.map((p) => p.id);
}

/**
 * The payment did not bring money in: FAILED with the reason. Before settlement nothing was posted, so
 * nothing is reversed; after settlement (a returned debit, a dispute) the credit is reversed once.
 */
export async function failPayment(trx: Knex, paymentId: number, reason: string, options: { entryDate?: string } = {}): Promise<PaymentOutcome> {
  const changed = await failPayments(trx, [{ paymentId, reason }], options);
  return { payment: await lockPayment(trx, paymentId), changed: changed.length > 0 };
}

/** failPayment for many payments in one go, each with its own reason. Answers the ids it failed. */
export async function failPayments(trx: Knex, items: ReadonlyArray<{ paymentId: number; reason: string }>, options: { entryDate?: string } = {}): Promise<number[]> {
  if (items.length === 0) return [];
  const payments = await lockPayments(trx, items.map((item) => item.paymentId));
  const todo = payments.filter((p) => p.status !== 'FAILED');
  if (todo.length === 0) return [];
  const reasons = new Map(items.map((item) => [item.paymentId, item.reason.slice(0, 2000)]));
  await trx.raw(
    `UPDATE payments p SET status = 'FAILED', collection_status = CASE WHEN p.collection_status IS NULL THEN NULL ELSE 'FAILED' END, failure_reason = v.reason, updated_at = now()
       FROM unnest(?::bigint[], ?::text[]) AS v(id, reason) WHERE p.id = v.id`,
    [todo.map((p) => p.id), todo.map((p) => reasons.get(p.id)!)],
  );
  const credited = await creditedPayments(trx, todo);
  const entryDate = options.entryDate ?? londonDate(new Date());
  const reversed = todo.filter((p) => credited.has(p.id));
  if (reversed.length) {
    await LedgerEntry.query(trx).insert(
      reversed.map((p) => ({ groupId: p.groupId, tenantContractId: p.tenantContractId, entryDate, kind: 'PAYMENT_FAILED', amountPence: p.amountPence, description: `Payment returned: ${reasons.get(p.id)}`.slice(0, 255), paymentId: p.id })),
    );
  }
  await notifyPaymentOutcomes(trx, todo.map((payment) => ({ payment, reason: reasons.get(payment.id) })), 'FAILED');
  return todo.map((p) => p.id);
}

/** The payments, locked in id order (two runs locking overlapping sets never deadlock); a missing id is an error. */
async function lockPayments(trx: Knex, ids: readonly number[]): Promise<Payment[]> {
  const payments = await Payment.query(trx).whereIn('id', [...new Set(ids)]).orderBy('id').forUpdate();
  if (payments.length !== new Set(ids).size) throw new DomainError('NOT_FOUND', `Payment ${ids.find((id) => !payments.some((p) => p.id === Number(id)))} not found.`);
  return payments;
}

/** Which of the payments already have their ledger credit. */
async function creditedPayments(trx: Knex, payments: readonly Payment[]): Promise<Set<number>> {
  const rows: number[] = await trx('ledger_entries').whereIn('payment_id', payments.map((p) => p.id)).where({ kind: 'PAYMENT' }).pluck('payment_id');
  return new Set(rows.map(Number));
}

const METHOD_WORDS: Record<string, string> = {
  CREDIT_CARD: 'Card payment',
  DIRECT_DEBIT: 'Direct debit collected',
  DD_AND_CARD: 'Payment',
  STANDING_ORDER: 'Standing order received',
  PAY_ON_RECEIPT: 'Payment received',
  HOUSEMATE_PAYING: 'Paid by a housemate',
  MULTIPLE: 'Payment received',
};

function paymentDescription(payment: Payment): string {
  const words = METHOD_WORDS[payment.method] ?? 'Payment received';
  return (payment.reference ? `${words}, ${payment.reference}` : `${words}, thank you`).slice(0, 255);
}
