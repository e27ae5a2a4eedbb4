import { Group, type Payment, PaymentMethod, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { londonDate } from '../../rules';
import { cardProviderForGroup } from './card-provider';
import { createPendingPayment, failPayment, settlePayment, submitPayment } from './payment-ledger.service';

/**
 * Charging a tenant contract's card on file, off session (a collection, or staff's "take a card payment now").
 * The payment row is written PENDING first with the caller's idempotency key, the provider is called with the
 * same key, then the outcome is applied: SETTLED with its ledger credit, or FAILED with the provider's reason.
 * Run twice with one key (a retried job, a worker killed mid-call) it creates one payment and one charge: the
 * provider replays its first answer for a key it has seen.
 */

export const CHARGE_MESSAGES = {
  noMethod: 'No active payment method.',
  amount: 'The amount must be a positive number of pence.',
} as const;

export interface CardChargeInput {
  tenantContractId: number;
  amountPence: number;
  idempotencyKey: string;
  description: string;
  paymentDate?: string;
}

export async function chargeCardOnFile(db: Knex, input: CardChargeInput): Promise<Payment> {
  if (!Number.isInteger(input.amountPence) || input.amountPence <= 0) throw DomainError.invalid([{ field: 'amountPence', rule: 'positive', message: CHARGE_MESSAGES.amount }]);
  const card = await PaymentMethod.query(db).where({ tenant_contract_id: input.tenantContractId, kind: 'CARD', is_active: true }).whereNotNull('provider_method_ref').orderBy('id', 'desc').first();
  if (!card) throw DomainError.invalid([{ field: 'tenantContractId', rule: 'activeMethod', message: CHARGE_MESSAGES.noMethod }]);
  const group = await Group.query(db).findById(card.groupId);
  const provider = cardProviderForGroup(group!);
  const { payment } = await db.transaction((trx) =>
    createPendingPayment(trx, {
      groupId: card.groupId,
      tenantContractId: input.tenantContractId,
      amountPence: input.amountPence,
      paymentDate: input.paymentDate ?? londonDate(new Date()),
      method: 'CREDIT_CARD',
      idempotencyKey: input.idempotencyKey,
      cardProvider: provider.name,
      paymentMethodId: card.id,
    }),
  );
  if (payment.collectionStatus === 'SETTLED' || payment.collectionStatus === 'FAILED') return payment;
  const outcome = await provider.chargeOffSession({
    idempotencyKey: input.idempotencyKey,
    amountPence: payment.amountPence,
    customerRef: card.providerCustomerRef,
    methodRef: card.providerMethodRef!,
    description: input.description,
    metadata: { paymentId: String(payment.id), tenantContractId: String(input.tenantContractId) },
  });
  return db.transaction(async (trx) => {
    if (outcome.status === 'SUCCEEDED') {
      await submitPayment(trx, payment.id, outcome.providerReference);
      return (await settlePayment(trx, payment.id, { providerReference: outcome.providerReference })).payment;
    }
    if (outcome.status === 'REQUIRES_ACTION') return (await submitPayment(trx, payment.id, outcome.providerReference)).payment;
    if (outcome.providerReference) await submitPayment(trx, payment.id, outcome.providerReference);
    return (await failPayment(trx, payment.id, outcome.message)).payment;
  });
}
