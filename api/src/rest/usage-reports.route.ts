import { roles } from '../auth/access';
import { Router } from 'express';
import type { Knex } from '@app/db';
import { openUsageReportDownload } from '../modules/usage-reports';
import { currentUser, restRoute } from './rest-route';
import { sendDownload } from './send-download';

/** A READY usage report's CSV (staff's, or an agent's own agency's) through a plain link carrying the token as `?jwt=…` (checked like the Bearer header). */
export function usageReportsRoute(db: Knex): Router {
  const router = Router();
  restRoute(router, 'get', '/usage-reports/:id/download', roles('backoffice', 'partner', 'agent'), async (req, res) => {
    await sendDownload(res, await openUsageReportDownload(db, currentUser(res)!, String(req.params.id)));
  });
  return router;
}
