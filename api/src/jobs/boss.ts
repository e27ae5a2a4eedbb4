import { PgBoss, type ConstructorOptions } from 'pg-boss';
import { componentLogger } from '../observability/logger';

export type { PgBoss };

/** The pg-boss schema lives next to ours in the same database. */
export const BOSS_SCHEMA = 'pgboss';

/**
 * A pg-boss client. The API only sends jobs (no maintenance, no cron); the workers process runs both, so
 * several API processes and several workers can share one PostgreSQL.
 */
export async function startBoss(connectionString: string, role: 'sender' | 'worker', extra: ConstructorOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString,
    schema: BOSS_SCHEMA,
    application_name: `bills-${role}`,
    max: role === 'worker' ? 10 : 4,
    supervise: role === 'worker',
    schedule: role === 'worker',
    // Workers listen for the jobs of `notify` queues (one more connection); senders only notify.
    useListenNotify: role === 'worker',
    queueCacheIntervalSeconds: queueCacheSeconds(process.env),
    ...extra,
  });
  boss.on('error', (error: Error) => componentLogger('jobs').error({ err: error }, error.message));
  await boss.start();
  return boss;
}

/**
 * How stale pg-boss's cached queue stats may be (JOBS_QUEUE_CACHE_SECONDS, default 10; pg-boss's own is 60).
 * For `singleton` queues (billing.house) a worker skips the keys the cache last saw active, so a house whose
 * worker died is picked up again at most this long after its job expired and was retried.
 */
function queueCacheSeconds(env: NodeJS.ProcessEnv): number {
  const raw = env.JOBS_QUEUE_CACHE_SECONDS?.trim();
  const seconds = raw ? Number(raw) : 10;
  if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`JOBS_QUEUE_CACHE_SECONDS must be a whole number of seconds, at least 1 (got "${raw}")`);
  return seconds;
}
