import { Router } from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { backoffice, roles } from '../auth/access';
import {
  openRecordImportRejectedRows,
  openRejectedRows,
  readingImportStatus,
  readingImportView,
  recordImportStatus,
  recordImportView,
  requestReadingImport,
  requestRecordImport,
  voidBillsFromFile,
} from '../modules/imports';
import { jobFileKey, waitMsOf, type JobFileChanges } from '../modules/exports/job-file-changes';
import { READING_IMPORT_MAX_BYTES } from '../rules';
import { attachmentsRoute } from './attachments.route';
import { currentUser, restRoute } from './rest-route';
import { sendStoredFile } from './send-stored-file';
import { groupOf, queryValue, rawBody, uploadedFile } from './upload-request';

/**
 * The upload routes of specification §7. Each takes the file itself as the body (Content-Type text/csv or the
 * XLSX type for spreadsheets), its name in `X-File-Name`, the group in X-Group-ID.
 * - `POST /uploads/upload-readings`: a readings file, imported by a job. 202 with the import, or 200 with the
 *   existing one when the same file was sent before. GET …/:id shows its progress (`?wait=<ms>`: a long-poll, answered
 *   at once when the import has stopped, else as soon as the job moves it on); GET …/:id/rejected-rows
 *   downloads the rejected rows with their reasons (a link may carry `?jwt=`).
 * - `POST /uploads/import?kind=TENANTS|CONTACTS|TARIFFS|SUPPLIER_CONTRACTS`: the same for other records, with WRITE
 *   on the records' area; GET …/:id (long-poll likewise) and GET …/:id/rejected-rows (the invalid rows file).
 * - `POST /uploads/void-energy-bills[?reason=]`: voids the bills a file lists, answering a result per row.
 * - Attachments of a visit, a comment or a tenant, and their downloads (attachments.route.ts).
 */
export function uploadsRoute(db: Knex, boss: PgBoss, changes: JobFileChanges): Router {
  const router = Router();
  const stopped = (view: { status: string }) => view.status === 'DONE' || view.status === 'FAILED';
  router.post('/uploads/upload-readings', rawBody(READING_IMPORT_MAX_BYTES));
  restRoute(router, 'post', '/uploads/upload-readings', backoffice('meterReadings', 'WRITE'), async (req, res) => {
    const caller = { db, boss, userId: currentUser(res)!.id, groupId: groupOf(req) };
    const result = await requestReadingImport(caller, uploadedFile(req));
    res
      .status(result.created ? 202 : 200)
      .location(`/api/v2/uploads/upload-readings/${result.import.id}`)
      .json(result.import);
  });
  restRoute(router, 'get', '/uploads/upload-readings/:id', backoffice('meterReadings', 'READ'), async (req, res) => {
    const id = String(req.params.id);
    const view = await changes.waitFor(jobFileKey('reading-import', id), waitMsOf(req.query.wait), async () => readingImportView(await readingImportStatus(db, groupOf(req), id)), stopped);
    res.set('Cache-Control', 'no-store').json(view);
  });
  restRoute(router, 'get', '/uploads/upload-readings/:id/rejected-rows', backoffice('meterReadings', 'READ'), async (req, res) => {
    await sendStoredFile(res, await openRejectedRows(db, groupOf(req), String(req.params.id)));
  });

  // Records of several areas: staff, then the service checks WRITE (or READ) on the area of the kind's records.
  const staff = roles('backoffice');
  router.post('/uploads/import', rawBody(READING_IMPORT_MAX_BYTES));
  restRoute(router, 'post', '/uploads/import', staff, async (req, res) => {
    const caller = { db, boss, user: currentUser(res)!, groupId: groupOf(req) };
    const result = await requestRecordImport(caller, queryValue(req, 'kind'), uploadedFile(req));
    res
      .status(result.created ? 202 : 200)
      .location(`/api/v2/uploads/import/${result.import.id}`)
      .json(result.import);
  });
  restRoute(router, 'get', '/uploads/import/:id', staff, async (req, res) => {
    const id = String(req.params.id);
    const view = await changes.waitFor(jobFileKey('record-import', id), waitMsOf(req.query.wait), async () => recordImportView(await recordImportStatus(db, currentUser(res)!, groupOf(req), id)), stopped);
    res.set('Cache-Control', 'no-store').json(view);
  });
  restRoute(router, 'get', '/uploads/import/:id/rejected-rows', staff, async (req, res) => {
    await sendStoredFile(res, await openRecordImportRejectedRows(db, currentUser(res)!, groupOf(req), String(req.params.id)));
  });

  // Voiding statements is billing WRITE, as the Void button of a statement is.
  router.post('/uploads/void-energy-bills', rawBody(READING_IMPORT_MAX_BYTES));
  restRoute(router, 'post', '/uploads/void-energy-bills', backoffice('billing', 'WRITE'), async (req, res) => {
    const caller = { db, userId: currentUser(res)!.id, groupId: groupOf(req) };
    res.json(await voidBillsFromFile(caller, uploadedFile(req), queryValue(req, 'reason')));
  });

  router.use(attachmentsRoute(db));
  return router;
}
