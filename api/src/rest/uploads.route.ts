import { pipeline } from 'node:stream/promises';
import express, { Router, type Request } from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { backoffice } from '../auth/access';
import { DomainError } from '../errors/domain-error';
import { openRejectedRows, readingImportStatus, readingImportView, requestReadingImport } from '../modules/imports';
import { READING_IMPORT_MAX_BYTES } from '../rules';
import { currentUser, restRoute } from './rest-route';

/** X-Group-ID (or `groupId` on a plain download link), a positive whole number. */
function groupOf(req: Request): number | null {
  const value = req.get('x-group-id') ?? (typeof req.query.groupId === 'string' ? req.query.groupId : undefined);
  if (value === undefined || value === '') return null;
  if (!/^[1-9]\d{0,9}$/.test(value)) throw DomainError.invalid([{ field: 'X-Group-ID', rule: 'type', message: 'must be a positive whole number' }]);
  return Number(value);
}

/** The file's name: `X-File-Name` (URI-encoded) or `?fileName=`. */
function fileNameOf(req: Request): string {
  const header = req.get('x-file-name');
  try {
    return header !== undefined ? decodeURIComponent(header) : typeof req.query.fileName === 'string' ? req.query.fileName : '';
  } catch {
    return '';
  }
}

/**
 * Readings files (specification §7 `POST /api/v2/uploads/upload-readings`): the body is the file itself
 * (Content-Type text/csv or the XLSX type), its name in `X-File-Name`. Answers 202 with the import, or 200
 * with the existing import when the same file was sent before. GET …/:id shows its progress and counts;
 * GET …/:id/rejected-rows downloads the rejected rows with their reasons (a link may carry `?jwt=`).
 */
export function uploadsRoute(db: Knex, boss: PgBoss): Router {
  const router = Router();
  // Anything up to the file limit arrives as bytes (express.json above only reads JSON bodies).
  router.post('/uploads/upload-readings', express.raw({ type: () => true, limit: READING_IMPORT_MAX_BYTES + 1 }));
  restRoute(router, 'post', '/uploads/upload-readings', backoffice('meterReadings', 'WRITE'), async (req, res) => {
    const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const caller = { db, boss, userId: currentUser(res)!.id, groupId: groupOf(req) };
    const result = await requestReadingImport(caller, { fileName: fileNameOf(req), contentType: req.get('content-type') ?? '', data });
    res
      .status(result.created ? 202 : 200)
      .location(`/api/v2/uploads/upload-readings/${result.import.id}`)
      .json(result.import);
  });
  restRoute(router, 'get', '/uploads/upload-readings/:id', backoffice('meterReadings', 'READ'), async (req, res) => {
    res.set('Cache-Control', 'no-store').json(readingImportView(await readingImportStatus(db, groupOf(req), String(req.params.id))));
  });
  restRoute(router, 'get', '/uploads/upload-readings/:id/rejected-rows', backoffice('meterReadings', 'READ'), async (req, res) => {
    const file = await openRejectedRows(db, groupOf(req), String(req.params.id));
    res.set({
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`,
      'Content-Length': String(file.sizeBytes),
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
    await pipeline(file.stream, res);
  });
  return router;
}
