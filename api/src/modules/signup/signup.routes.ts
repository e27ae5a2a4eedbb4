import { Router } from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { PUBLIC } from '../../auth/access';
import type { AppConfig } from '../../config';
import { restRoute } from '../../rest/rest-route';
import { processSignup } from './process-signup.service';

/**
 * POST /api/v2/signup/process-plan-signup and /process-bill-signup (specification §7): anyone with a sign-up
 * token, limited per address. 200 with the sign-up's result; a bad form is 400 with each field and rule
 * ({ error: { code: 'BAD_USER_INPUT', message, fields } }, as every /api/v2 route answers a DomainError).
 */
export function signupRoutes(db: Knex, boss: PgBoss, config: AppConfig): Router {
  const router = Router();
  for (const [path, billing] of [
    ['/signup/process-plan-signup', 'PLAN'],
    ['/signup/process-bill-signup', 'BILL'],
  ] as const) {
    restRoute(router, 'post', path, PUBLIC, async (req, res) => {
      res.json(await processSignup(db, boss, billing, req.body, { ip: req.ip ?? null, baseUrl: config.baseUrl }));
    });
  }
  return router;
}
