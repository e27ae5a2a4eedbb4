import { PgBoss, type ConstructorOptions } from 'pg-boss';

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
    ...extra,
  });
  boss.on('error', (error: Error) => console.error(`[jobs] ${error.message}`));
  await boss.start();
  return boss;
}
