import { roles } from '../auth/access';
import { Router, type Request } from 'express';
import type { Knex } from '@app/db';
import { jobFileKey, waitMsOf, type JobFileChanges } from '../modules/exports/job-file-changes';
import { followUsageReport, openUsageReportDownload } from '../modules/usage-reports';
import { currentUser, restRoute } from './rest-route';
import { sendDownload } from './send-download';

/** X-Group-ID as a number (attachUser has already checked the caller may work for it). */
const groupOf = (req: Request): number | null => (/^[1-9]\d{0,9}$/.test(req.get('x-group-id') ?? '') ? Number(req.get('x-group-id')) : null);

/**
 * A READY usage report's CSV (staff's, or an agent's own agency's) through a plain link carrying the token as `?jwt=…` (checked like the Bearer header).
 * GET /usage-reports/:id?wait=<ms> is its status as a long-poll (at most 25 s): at once when READY or FAILED,
 * else as soon as the job changes the report (LISTEN/NOTIFY, `changes`), so whoever waits has the file as it is written.
 */
export function usageReportsRoute(db: Knex, changes: JobFileChanges): Router {
  const router = Router();
  restRoute(router, 'get', '/usage-reports/:id', roles('backoffice', 'partner', 'agent'), async (req, res) => {
    const [user, id] = [currentUser(res)!, String(req.params.id)];
    const view = await changes.waitFor(jobFileKey('upload', id), waitMsOf(req.query.wait), () => followUsageReport(db, user, groupOf(req), id), (report) => report.status !== 'IN_PROGRESS');
    res.set('Cache-Control', 'no-store').json(view);
  });
  restRoute(router, 'get', '/usage-reports/:id/download', roles('backoffice', 'partner', 'agent'), async (req, res) => {
    await sendDownload(res, await openUsageReportDownload(db, currentUser(res)!, String(req.params.id)));
  });
  return router;
}
