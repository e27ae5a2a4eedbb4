import type { Knex, Payment } from '@app/db';
import { formatLongDate, formatPounds } from '../../rules';
import { createNotifications, type NewNotification } from '../notifications/create-notification.service';


/**
 * Tells each tenant a payment of theirs was taken or failed, in the payments' own transaction (so only a
 * payment that really settled or failed tells anyone, once: the ledger calls this only for payments it
 * changed). One insert for all of them: a day's collections notify thousands of tenants.
 */
export async function notifyPaymentOutcomes(trx: Knex, items: ReadonlyArray<{ payment: Payment; reason?: string }>, outcome: 'TAKEN' | 'FAILED'): Promise<void> {
  if (items.length === 0) return;
  const owners = new Map<number, number>(
    (await trx('tenant_contracts').whereIn('id', [...new Set(items.map((item) => item.payment.tenantContractId))]).select('id', 'user_id')).map((row: { id: number; user_id: number }) => [row.id, row.user_id]),
  );
  const notifications: NewNotification[] = [];
  for (const { payment, reason } of items) {
    const userId = owners.get(payment.tenantContractId);
    if (userId === undefined) continue;
    const amount = formatPounds(payment.amountPence);
    const on = formatLongDate(String(payment.paymentDate).slice(0, 10));
    notifications.push({
      userId,
      title: outcome === 'TAKEN' ? 'Payment received' : 'Payment failed',
      message: outcome === 'TAKEN' ? `We received your payment of ${amount} (${on}). Thank you.` : `Your payment of ${amount} (${on}) could not be taken: ${(reason ?? 'no reason given').replace(/\.$/, '')}.`,
      notificationType: outcome === 'TAKEN' ? 'SUCCESS' : 'ERROR',
      type: outcome === 'TAKEN' ? 'PAYMENT_TAKEN' : 'PAYMENT_FAILED',
      data: { paymentId: Number(payment.id) },
      goToPage: { link: '/tenant-profile/payments/info', title: 'See your payments' },
    });
  }
  await createNotifications(trx, notifications);
}
