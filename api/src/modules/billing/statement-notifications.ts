import type { Knex } from '@app/db';
import { NOTIFICATIONS_CHANNEL } from '../notifications/server-notification';

/**
 * Tells each tenant that their statement of the given house statements is ready, in the statements' own
 * transaction (so a rolled-back batch tells nobody). One set-based statement for the whole batch: a bill run
 * issues tens of thousands, and a row at a time would be most of its cost. NOTIFY wakes the API processes
 * on commit, as createNotifications does for single notifications.
 */
export async function notifyStatementsIssued(trx: Knex.Transaction, houseBillIds: readonly number[]): Promise<void> {
  if (!houseBillIds.length) return;
  await trx.raw(
    `WITH issued AS (
       INSERT INTO notifications (user_id, title, message, notification_type, type, data, actions)
       SELECT tc.user_id, 'Your statement is ready',
              format('Your statement for %s to %s is ready: £%s.', to_char(b.period_start, 'FMDD FMMonth YYYY'),
                     to_char(b.period_end, 'FMDD FMMonth YYYY'), to_char(b.total_pence / 100.0, 'FM999,999,990.00')),
              'SUCCESS', 'STATEMENT_ISSUED', jsonb_build_object('billId', b.id),
              jsonb_build_array(jsonb_build_object('key', 'goToPage', 'type', 'goToPage', 'title', 'View payments',
                'action', jsonb_build_object('link', '/tenant-profile/payments/info', 'title', 'View payments')))
         FROM bills b JOIN tenant_contracts tc ON tc.id = b.tenant_contract_id
        WHERE b.parent_bill_id = ANY(?::bigint[]) AND b.kind = 'TENANT_STATEMENT'
       RETURNING id, user_id
     )
     SELECT count(pg_notify(?, id || ':' || user_id)) FROM issued`,
    [[...houseBillIds], NOTIFICATIONS_CHANNEL],
  );
}
