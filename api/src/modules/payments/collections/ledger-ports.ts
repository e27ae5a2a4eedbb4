import { Group, PaymentMethod, type Knex } from '@app/db';
import { cardProviderForGroup } from '../card-provider';
import { failPayment, failPayments, settlePayment, settlePayments } from '../payment-ledger.service';
import type { CardChargePort, SettlementPort } from './ports';

/** Collections settle through the shared payment core: one ledger credit per payment, one reversal. */
export const ledgerSettlement: SettlementPort = {
  settle: async (trx, paymentId) => (await settlePayment(trx, paymentId)).changed,
  fail: async (trx, paymentId, reason) => (await failPayment(trx, paymentId, reason)).changed,
  settleMany: async (trx, paymentIds) => (await settlePayments(trx, paymentIds.map((paymentId) => ({ paymentId })))).length,
  failMany: async (trx, items) => (await failPayments(trx, items)).length,
  // A settled debit taken back (indemnity claim): failing it after settlement posts the one PAYMENT_FAILED.
  reverse: async (trx, paymentId, reason) => (await failPayment(trx, paymentId, `Direct debit reclaimed: ${reason}`)).changed,
};

/**
 * Card payers' collections charge the card on file off-session through the group's provider (Stripe or the
 * second provider, or their sandboxes), with the collection's key so a retried charge is taken once.
 */
export function providerCardCharges(db: Knex): CardChargePort {
  // One run charges thousands of a group's payers: its provider is looked up once per group, not per charge.
  const providers = new Map<number, Promise<ReturnType<typeof cardProviderForGroup>>>();
  const providerOf = (groupId: number) => {
    if (!providers.has(groupId)) providers.set(groupId, Group.query(db).findById(groupId).then((group) => cardProviderForGroup(group!)));
    return providers.get(groupId)!;
  };
  return {
    async charge({ groupId, tenantContractId, amountPence, idempotencyKey }) {
      const card = await PaymentMethod.query(db)
        .where({ tenant_contract_id: tenantContractId, kind: 'CARD', is_active: true })
        .whereNotNull('provider_method_ref')
        .orderBy('id', 'desc')
        .first();
      if (!card) return { status: 'FAILED', reason: 'No active payment method.' };
      const provider = await providerOf(groupId);
      const outcome = await provider.chargeOffSession({
        idempotencyKey,
        amountPence,
        customerRef: card.providerCustomerRef,
        methodRef: card.providerMethodRef!,
        description: 'Monthly bills payment',
        metadata: { tenantContractId: String(tenantContractId), collection: idempotencyKey },
      });
      if (outcome.status === 'SUCCEEDED') return { status: 'SUCCEEDED', providerReference: outcome.providerReference };
      return { status: 'FAILED', reason: outcome.status === 'FAILED' ? outcome.message : 'The card needs the tenant to authenticate this payment' };
    },
  };
}
