import { PUBLIC } from '../auth/access';
import { Router } from 'express';
import type { Knex } from '@app/db';
import { recordPageView } from '../modules/site/record-page-view.service';
import { limitPerAddress } from '../auth/rate-limit';
import { restRoute } from './rest-route';

/** POST /api/v2/page-views { path }: the public site counts its page views (path and time only). */
export function pageViewsRoute(db: Knex): Router {
  const router = Router();
  const limit = limitPerAddress(db, 'pageViews');
  restRoute(router, 'post', '/page-views', PUBLIC, async (req, res) => {
    await limit(req.ip);
    const body = (req.body ?? {}) as Record<string, unknown>;
    await recordPageView(db, { path: body.path });
    res.status(204).end();
  });
  return router;
}
