import { TenantContract, type Knex, type Payment } from '@app/db';
import { formatLongDate, formatPounds } from '../../rules';
import { createNotification } from '../notifications/create-notification.service';


/**
 * Tells the tenant a payment of theirs was taken or failed, in the payment's own transaction (so only a
 * payment that really settled or failed tells anyone, once: the ledger calls this only when it changed).
 */
export async function notifyPaymentOutcome(trx: Knex, payment: Payment, outcome: 'TAKEN' | 'FAILED', reason?: string): Promise<void> {
  const contract = await TenantContract.query(trx).findById(payment.tenantContractId);
  if (!contract) return;
  const amount = formatPounds(payment.amountPence);
  const on = formatLongDate(String(payment.paymentDate).slice(0, 10));
  await createNotification(trx, {
    userId: contract.userId,
    title: outcome === 'TAKEN' ? 'Payment received' : 'Payment failed',
    message: outcome === 'TAKEN' ? `We received your payment of ${amount} (${on}). Thank you.` : `Your payment of ${amount} (${on}) could not be taken: ${(reason ?? 'no reason given').replace(/\.$/, '')}.`,
    notificationType: outcome === 'TAKEN' ? 'SUCCESS' : 'ERROR',
    type: outcome === 'TAKEN' ? 'PAYMENT_TAKEN' : 'PAYMENT_FAILED',
    data: { paymentId: Number(payment.id) },
    goToPage: { link: '/tenant-profile/payments/info', title: 'See your payments' },
  });
}
