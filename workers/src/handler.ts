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

/** Each job's result in a batch: its output, or the error that fails it (and only it: the queue retries it). */
export type BatchResult = { output: object } | { error: Error };

/**
 * A handler for queues whose jobs are cheaper done together (a bill run's houses): the worker fetches up to
 * `batchSize` jobs at a time, back to back while the queue has them, and settles each job on its own result.
 */
export interface BatchHandler<Q extends QueueName> {
  batchSize: number;
  handleBatch(jobs: ReadonlyArray<JobWithMetadata<JobPayloads[Q]>>, context: WorkerContext): Promise<BatchResult[]>;
}

export const isBatchHandler = <Q extends QueueName>(handler: Handler<Q> | BatchHandler<Q>): handler is BatchHandler<Q> => typeof handler === 'object';
