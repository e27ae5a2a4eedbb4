import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { enqueue } from '../../jobs/enqueue';

/**
 * Safety net: re-enqueues messages never attempted long after they were written (a job lost to a dropped
 * queue, say). Delivery is idempotent, so a message whose first job is merely slow is not sent twice.
 */
export async function sweepPendingOutbox(knex: Knex, boss: PgBoss, olderThanMinutes = 15): Promise<number> {
  return knex.transaction(async (trx) => {
    const stale: Array<{ id: number }> = await trx('outbox_messages')
      .where({ status: 'PENDING', attempts: 0 })
      .andWhere('created_at', '<', trx.raw(`now() - make_interval(mins => ?)`, [olderThanMinutes]))
      .select('id')
      .limit(1000);
    for (const { id } of stale) await enqueue(boss, trx, 'outbox.deliver', { messageId: Number(id) });
    return stale.length;
  });
}
