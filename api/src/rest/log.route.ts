import { PUBLIC } from '../auth/access';
import { Router } from 'express';
import type { Knex } from '@app/db';
import { recordLog } from '../modules/system-logs/record-log.service';
import { limitPerAddress } from '../auth/rate-limit';
import { currentUser, restRoute } from './rest-route';

/** Body cap of the anonymous writes (`/log`, `/page-views`): a client error report fits in 16 kB. */
export const ANONYMOUS_BODY_LIMIT = '16kb';

/** POST /api/v2/log: the browser apps report errors here; stored as a system log, secrets masked. */
export function logRoute(db: Knex): Router {
  const router = Router();
  const limit = limitPerAddress(db, 'log');
  restRoute(router, 'post', '/log', PUBLIC, async (req, res) => {
    await limit(req.ip);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { id } = await recordLog(db, { message: body.message, options: body.options, severity: body.severity }, 'client', currentUser(res)?.id ?? null);
    res.status(201).json({ id });
  });
  return router;
}
