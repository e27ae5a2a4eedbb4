import { fromKnex, type PgBoss, type SendOptions } from 'pg-boss';
import type { Knex } from '@app/db';
import type { JobPayloads, QueueName } from './queues';

/**
 * Enqueues a job inside the caller's knex transaction: if the write that asked for the job rolls back,
 * the job was never there. Always pass the transaction the business write used.
 */
export async function enqueue<Q extends QueueName>(
  boss: PgBoss,
  trx: Knex.Transaction,
  queue: Q,
  data: JobPayloads[Q],
  options: Omit<SendOptions, 'db'> = {},
): Promise<string | null> {
  return boss.send(queue, data, { ...options, db: fromKnex(trx) });
}
