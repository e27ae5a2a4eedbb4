import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { DeliveryAdapters, JobPayloads, Knex, QueueName } from '@app/api';

/** What every handler may use: the database, the queue (to enqueue follow-up jobs) and delivery adapters. */
export interface WorkerContext {
  db: Knex;
  boss: PgBoss;
  adapters: DeliveryAdapters;
}

/** A handler gets one job of its queue and returns the job's output (shown in the job console). */
export type Handler<Q extends QueueName> = (job: JobWithMetadata<JobPayloads[Q]>, context: WorkerContext) => Promise<object | void>;
