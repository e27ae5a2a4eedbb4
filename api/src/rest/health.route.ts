import { Router } from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';

type CheckState = 'ok' | 'failing';

async function check(probe: () => Promise<unknown>): Promise<CheckState> {
  try {
    await probe();
    return 'ok';
  } catch {
    return 'failing';
  }
}

/** GET /healthz: 200 when the database answers and the job queue is installed and reachable, else 503. */
export function healthRoute(db: Knex, boss: PgBoss): Router {
  const router = Router();
  router.get('/healthz', async (_req, res) => {
    const [database, jobQueue] = await Promise.all([
      check(() => db.raw('select 1')),
      check(async () => {
        if (!(await boss.isInstalled())) throw new Error('pg-boss schema missing');
      }),
    ]);
    const ok = database === 'ok' && jobQueue === 'ok';
    res.status(ok ? 200 : 503).set('Cache-Control', 'no-store').json({ status: ok ? 'ok' : 'failing', checks: { database, jobQueue } });
  });
  return router;
}
