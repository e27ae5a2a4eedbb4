import { LedgerEntry, Payment, type Knex } from '@app/db';
import { londonDate } from '../../rules';
import { DomainError } from '../../errors/domain-error';
import { notifyPaymentOutcome } from './payment-notification';

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
  const payment = await lockPayment(trx, paymentId);
  if (payment.collectionStatus === 'FAILED' || payment.status === 'FAILED') return { payment, changed: false };
  const credited = await LedgerEntry.query(trx).findOne({ payment_id: paymentId, kind: 'PAYMENT' });
  if (credited) return { payment, changed: false };
  const now = new Date();
  // A payment staff recorded as PAID is already as it should be: only its credit is missing.
  const recordedPaid = payment.collectionStatus === null && payment.status === 'PAID';
  const updated = recordedPaid
    ? payment
    : await payment.$query(trx).patchAndFetch({
        status: 'PAID',
        collectionStatus: payment.collectionStatus === null ? null : 'SETTLED',
        paidAt: payment.paidAt ?? now,
        settledAt: now,
        providerReference: options.providerReference ?? payment.providerReference,
        updatedAt: now,
      });
  await LedgerEntry.query(trx).insert({
    groupId: payment.groupId,
    tenantContractId: payment.tenantContractId,
    entryDate: options.entryDate ?? londonDate(now),
    kind: 'PAYMENT',
    amountPence: -payment.amountPence,
    description: paymentDescription(payment),
    paymentId: payment.id,
  });
  await notifyPaymentOutcome(trx, updated, 'TAKEN');
  return { payment: updated, changed: true };
}

/**
 * The payment did not bring money in: FAILED with the reason. Before settlement nothing was posted, so
 * nothing is reversed; after settlement (a returned debit, a dispute) the credit is reversed once.
 */
export async function failPayment(trx: Knex, paymentId: number, reason: string, options: { entryDate?: string } = {}): Promise<PaymentOutcome> {
  const payment = await lockPayment(trx, paymentId);
  if (payment.status === 'FAILED') return { payment, changed: false };
  const now = new Date();
  const updated = await payment.$query(trx).patchAndFetch({
    status: 'FAILED',
    collectionStatus: payment.collectionStatus === null ? null : 'FAILED',
    failureReason: reason.slice(0, 2000),
    updatedAt: now,
  });
  const credited = await LedgerEntry.query(trx).findOne({ payment_id: paymentId, kind: 'PAYMENT' });
  if (credited) {
    await LedgerEntry.query(trx).insert({
      groupId: payment.groupId,
      tenantContractId: payment.tenantContractId,
      entryDate: options.entryDate ?? londonDate(now),
      kind: 'PAYMENT_FAILED',
      amountPence: payment.amountPence,
      description: `Payment returned: ${reason}`.slice(0, 255),
      paymentId: payment.id,
    });
  }
  await notifyPaymentOutcome(trx, updated, 'FAILED', reason);
  return { payment: updated, changed: true };
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
