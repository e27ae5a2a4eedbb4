import { Payment } from '@app/db';
import type { SettlementPort } from './ports';

/**
 * Minimal settlement over the payments table until the shared payment core is merged: the status moves only
 * from OUTSTANDING (a second call changes nothing), and only a settled payment posts its PAYMENT credit
 * (negative: credits reduce the balance).
 */
export const paymentsTableSettlement: SettlementPort = {
  async settle(trx, paymentId) {
    const [payment] = await Payment.query(trx).patch({ status: 'PAID', paidAt: new Date() }).where({ id: paymentId, status: 'OUTSTANDING' }).returning('*');
    if (!payment) return false;
    await trx('ledger_entries').insert({
      group_id: payment.groupId,
      tenant_contract_id: payment.tenantContractId,
      entry_date: payment.paymentDate,
      kind: 'PAYMENT',
      amount_pence: -payment.amountPence,
      description: payment.method === 'DIRECT_DEBIT' ? 'Direct debit collected' : 'Card payment, thank you',
      payment_id: payment.id,
    });
    return true;
  },
  async fail(trx, paymentId) {
    const count = await Payment.query(trx).patch({ status: 'FAILED' }).where({ id: paymentId, status: 'OUTSTANDING' });
    return count > 0;
  },
  async reverse(trx, paymentId, reason) {
    const [payment] = await Payment.query(trx).patch({ status: 'FAILED' }).where({ id: paymentId, status: 'PAID' }).returning('*');
    if (!payment) return false;
    // The credit stays in the ledger (entries are never edited); a PAYMENT_FAILED charge of the same amount reverses it.
    await trx('ledger_entries').insert({
      group_id: payment.groupId,
      tenant_contract_id: payment.tenantContractId,
      entry_date: new Date().toISOString().slice(0, 10),
      kind: 'PAYMENT_FAILED',
      amount_pence: payment.amountPence,
      description: `Direct debit reclaimed: ${reason}`.slice(0, 255),
      payment_id: payment.id,
    });
    return true;
  },
};

/** For tests and the sandbox: a card port whose charges all succeed, or fail when the amount ends in 51p. */
export function sandboxCardCharges(): { charge: (c: { idempotencyKey: string; amountPence: number }) => Promise<{ status: 'SUCCEEDED'; providerReference: string } | { status: 'FAILED'; reason: string }>; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async charge({ idempotencyKey, amountPence }) {
      calls.push(idempotencyKey);
      return amountPence % 100 === 51 ? { status: 'FAILED', reason: 'Your card has insufficient funds.' } : { status: 'SUCCEEDED', providerReference: `ch_${idempotencyKey}` };
    },
  };
}
