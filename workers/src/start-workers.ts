import type { PgBoss } from 'pg-boss';
import { ALL_QUEUES, componentLogger, createQueues, startBoss, type QueueDefinition, type QueueName } from '@app/api';
import { isBatchHandler, type BatchHandler, type Handler, type WorkerContext } from './handler';
import { SCHEDULE_TIME_ZONE, type ScheduleDefinition } from './schedules';

/**
 * One line per job: `debug` when it completes (LOG_LEVEL=debug to see them), `warn` when it fails (pg-boss
 * retries it, then moves it to its dead-letter queue). Counts and run times per queue are in GET /metrics,
 * read from pg-boss's table, so they cover every workers process.
 */
const jobLog = componentLogger('jobs');
const elapsedMs = (since: number) => Math.round(performance.now() - since);

export interface WorkerSetup {
  queues?: QueueDefinition[];
  handlers: Record<string, Handler<QueueName> | BatchHandler<QueueName>>;
  schedules: ScheduleDefinition[];
  /** The queues this process works (default: every queue given); every queue given is created either way. */
  work?: readonly QueueDefinition[];
  /** Seconds between polls of an idle queue (pg-boss's default is 2). */
  pollingIntervalSeconds?: number;
}

export interface RunningWorkers {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Creates every queue with its dead-letter queue, registers one worker per queue and the schedules.
 * Any number of these processes can run against one PostgreSQL: pg-boss hands each job to one of them.
 */
export async function startWorkers(
  url: string,
  context: Omit<WorkerContext, 'boss'>,
  { queues = ALL_QUEUES, work = queues, handlers, schedules, pollingIntervalSeconds = 2 }: WorkerSetup,
): Promise<RunningWorkers> {
  const boss = await startBoss(url, 'worker');
  // All of them, so a job this process enqueues on a queue it does not work (statement e-mails) has its queue.
  await createQueues(boss, queues);
  for (const queue of work) {
    const handler = handlers[queue.name];
    if (!handler) throw new Error(`Queue ${queue.name} has no handler`);
    if (isBatchHandler(handler)) await workBatches(boss, queue.name, handler, { ...context, boss }, pollingIntervalSeconds);
    else {
      await boss.work(queue.name, { includeMetadata: true, batchSize: 1, ...polling(pollingIntervalSeconds) }, async ([job]) => {
        if (!job) return undefined;
        const started = performance.now();
        try {
          const output = await handler(job as never, { ...context, boss });
          jobLog.debug({ queue: queue.name, jobId: job.id, durationMs: elapsedMs(started) }, `${queue.name} ${job.id} completed`);
          return output;
        } catch (error) {
          jobLog.warn({ queue: queue.name, jobId: job.id, retryCount: job.retryCount, durationMs: elapsedMs(started), err: error }, `${queue.name} ${job.id} failed: ${(error as Error).message}`);
          throw error;
        }
      });
    }
  }
  // Schedules an operator paused (kill-scheduler) stay paused until resumed.
  const paused = new Set<string>(await context.db('paused_schedules').pluck('name').catch(() => []));
  for (const { queue, cron } of schedules) if (!paused.has(queue)) await boss.schedule(queue, cron, {}, { tz: SCHEDULE_TIME_ZONE });
  return {
    boss,
    // In-flight jobs get up to 6 s to finish; whatever is still running then is released by its expiry and retried.
    stop: () => boss.stop({ graceful: true, close: true, timeout: 6000 }),
  };
}

/**
 * Polling every `seconds`, also on `notify` queues: a NOTIFY wakes a worker at once, but a job that becomes
 * due without one (a retry after its delay, a job whose worker died) must not wait pg-boss's 30-second backstop.
 */
const polling = (seconds: number) => ({ pollingIntervalSeconds: seconds, notifyPollingIntervalSeconds: seconds });

/**
 * A batch queue: up to `batchSize` jobs per fetch, fetched again at once while fetches come back full (a bill
 * run's thousands of houses do not wait a polling interval between batches), each job completed or failed on
 * its own result, so one failing house is retried alone.
 */
async function workBatches(boss: PgBoss, queue: string, handler: BatchHandler<QueueName>, context: WorkerContext, pollingIntervalSeconds: number): Promise<void> {
  await boss.work(queue, { includeMetadata: true, batchSize: handler.batchSize, burstWhenBatchFull: true, perJobResults: true, ...polling(pollingIntervalSeconds) }, async (jobs) => {
    const started = performance.now();
    const results = await handler.handleBatch(jobs as never, context);
    const failed = results.filter((result) => 'error' in result).length;
    jobLog.debug({ queue, jobs: jobs.length, failed, durationMs: elapsedMs(started) }, `${queue} batch of ${jobs.length} done, ${failed} failed`);
    return jobs.map((job, index) => {
      const result = results[index]!;
      if ('error' in result) jobLog.warn({ queue, jobId: job.id, retryCount: job.retryCount, err: result.error }, `${queue} ${job.id} failed: ${result.error.message}`);
      return 'error' in result
        ? { id: job.id, status: 'failed' as const, output: { message: result.error.message, stack: result.error.stack } }
        : { id: job.id, status: 'completed' as const, output: result.output };
    });
  });
}
