import { roles } from '../auth/access';
import { Router, type Request } from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { DomainError } from '../errors/domain-error';
import { exportStatus, openExportDownload, requestExport, type ExportFormat } from '../modules/exports';
import { jobFileKey, waitMsOf, type JobFileChanges } from '../modules/exports/job-file-changes';
import { currentUser, restRoute } from './rest-route';
import { sendDownload } from './send-download';

/** X-Group-ID, when sent, is a positive whole number (group-scoped lists need it). */
function groupOf(req: Request): number | null {
  const header = req.get('x-group-id');
  if (header === undefined || header === '') return null;
  if (!/^[1-9]\d{0,9}$/.test(header)) throw DomainError.invalid([{ field: 'X-Group-ID', rule: 'type', message: 'must be a positive whole number' }]);
  return Number(header);
}

/** The statuses a long-poll waits through. */
const UNFINISHED = new Set(['PENDING', 'RUNNING']);

const FORMATS: Array<[path: string, format: ExportFormat]> = [
  ['/exports/csv', 'csv'],
  ['/exports/xlsx', 'xlsx'],
  ['/exports/archives', 'zip'],
];

/**
 * List exports (specification §7): POST starts one as a job and answers 202 { id, status }; GET /exports/:id
 * shows its status and progress to its owner; GET /exports/:id/download streams the finished file to its
 * owner — a plain link carries the token as `?jwt=…` (read by attachUser like the Bearer header).
 * `GET /exports/:id?wait=<ms>` (at most 25 s) is a long-poll: it answers at once when the export is finished
 * (DONE, FAILED, EXPIRED), else as soon as the job changes the record (LISTEN/NOTIFY, `changes`) or when the
 * wait is over — the person waiting has the file the moment it is written, not at their next poll.
 */
export function exportsRoute(db: Knex, boss: PgBoss, changes: JobFileChanges): Router {
  const router = Router();
  for (const [path, format] of FORMATS) {
    restRoute(router, 'post', path, roles('backoffice', 'partner'), async (req, res) => {
      const caller = { db, boss, user: currentUser(res)!, groupId: groupOf(req) };
      const started = await requestExport(caller, format, (req.body ?? {}) as Record<string, unknown>);
      res.status(202).location(`/api/v2/exports/${started.id}`).json(started);
    });
  }
  restRoute(router, 'get', '/exports/:id', roles('backoffice', 'partner'), async (req, res) => {
    const [user, id] = [currentUser(res)!, String(req.params.id)];
    const view = await changes.waitFor(jobFileKey('export', id), waitMsOf(req.query.wait), () => exportStatus(db, user, id), (status) => !UNFINISHED.has(status.status));
    res.set('Cache-Control', 'no-store').json(view);
  });
  restRoute(router, 'get', '/exports/:id/download', roles('backoffice', 'partner'), async (req, res) => {
    await sendDownload(res, await openExportDownload(db, currentUser(res)!, String(req.params.id)));
  });
  return router;
}
