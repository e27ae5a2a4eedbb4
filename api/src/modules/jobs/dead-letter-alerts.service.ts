import type { Knex } from '@app/db';
import { createNotifications } from '../notifications/create-notification.service';
import { JOB_TABLE } from './boss-sql';

/** How far back a run looks: dead jobs older than this were either alerted already or predate the alerts. */
const LOOK_BACK = '1 day';

/**
 * Tells every active staff member with READ on jobs about jobs newly on a dead-letter queue: one notification
 * per queue per run ("3 jobs dead-lettered on billing.house"), linking to the job console filtered to it.
 * Each dead job is recorded once (dead_letter_alerts) in the notifications' transaction, so a second run,
 * or two at once, tells nobody twice. Answers how many dead jobs were new.
 */
export async function alertDeadLetters(db: Knex): Promise<number> {
  return db.transaction(async (trx) => {
    const { rows: fresh } = await trx.raw<{ rows: Array<{ queue: string; jobs: number }> }>(
      `WITH fresh AS (
         INSERT INTO dead_letter_alerts (job_id, queue)
         SELECT id, name FROM ${JOB_TABLE}
          WHERE name LIKE '%.dead' AND created_on > now() - interval '${LOOK_BACK}'
         ON CONFLICT (job_id) DO NOTHING
         RETURNING queue
       )
       SELECT queue, count(*)::int AS jobs FROM fresh GROUP BY queue ORDER BY queue`,
    );
    if (!fresh.length) return 0;
    const staff = await trx('users')
      .join('backoffice_roles', 'backoffice_roles.id', 'users.backoffice_role_id')
      .where('users.status', 'ACTIVE')
      .whereRaw(`backoffice_roles.permissions->>'jobs' IN ('READ', 'WRITE')`)
      .pluck('users.id');
    await createNotifications(
      trx,
      fresh.flatMap(({ queue, jobs }) => {
        const source = queue.replace(/\.dead$/, '');
        const filter = encodeURIComponent(JSON.stringify({ queue }));
        return staff.map((userId: number) => ({
          userId,
          title: `${jobs} ${jobs === 1 ? 'job' : 'jobs'} dead-lettered on ${source}`,
          message: `${jobs === 1 ? 'A job' : `${jobs} jobs`} of ${source} failed every retry and wait on ${queue}: look at the error, then retry or redrive.`,
          notificationType: 'ERROR' as const,
          type: 'JOB_DEAD_LETTERED',
          data: { queue, jobs },
          goToPage: { link: `/admin/1/Job?filter=${filter}`, title: 'Open the job console' },
        }));
      }),
    );
    return fresh.reduce((sum, { jobs }) => sum + jobs, 0);
  });
}
