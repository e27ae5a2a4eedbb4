import type { PgBoss } from 'pg-boss';
import { ALL_QUEUES, createQueues, startBoss, type QueueDefinition, type QueueName } from '@app/api';
import type { Handler, WorkerContext } from './handler';
import { SCHEDULE_TIME_ZONE, type ScheduleDefinition } from './schedules';

export interface WorkerSetup {
  queues?: QueueDefinition[];
  handlers: Record<string, Handler<QueueName>>;
  schedules: ScheduleDefinition[];
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
  { queues = ALL_QUEUES, handlers, schedules, pollingIntervalSeconds = 2 }: WorkerSetup,
): Promise<RunningWorkers> {
  const boss = await startBoss(url, 'worker');
  await createQueues(boss, queues);
  for (const queue of queues) {
    const handler = handlers[queue.name];
    if (!handler) throw new Error(`Queue ${queue.name} has no handler`);
    await boss.work(queue.name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds }, async ([job]) =>
      job ? handler(job as never, { ...context, boss }) : undefined,
    );
  }
  for (const { queue, cron } of schedules) await boss.schedule(queue, cron, {}, { tz: SCHEDULE_TIME_ZONE });
  return {
    boss,
    // In-flight jobs get up to 6 s to finish; whatever is still running then is released by its expiry and retried.
    stop: () => boss.stop({ graceful: true, close: true, timeout: 6000 }),
  };
}
