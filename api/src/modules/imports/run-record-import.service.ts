import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { RecordImport, type Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { fieldLabel, RECORD_IMPORT_MAX_ROWS, RECORD_IMPORT_MESSAGES as M, RECORD_IMPORT_SPECS, resourceSpec } from '../../rules';
import type { ExportProgress } from '../exports';
import type { FileStorage } from '../files/file-storage';
import { fileStorage } from '../files/select-file-storage';
import { createNotification } from '../notifications/create-notification.service';
import { createRecord } from '../records/records.service';
import { importerOf } from './importer';
import { csvLine, readSheet } from './parse-sheet';
import { mapColumns, rowInput } from './record-import-columns';
import { contactExists, naturalKey } from './record-import-duplicates';

export interface RunRecordImportOptions {
  onProgress?: (progress: ExportProgress) => Promise<void>;
  storage?: FileStorage;
  /** Rows between two progress reports. */
  progressEvery?: number;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The reason a row was refused, in words: each field by its label with the rule's message. */
function reasonOf(error: unknown): string {
  if (!(error instanceof DomainError)) throw error;
  const fields = error.details.fields ?? [];
  return fields.length ? fields.map((field) => `${fieldLabel(field.field)}: ${field.message}`).join('; ') : error.message;
}

/**
 * One `imports.records` job: reads the file, maps its columns to the record's fields (an unknown or missing
 * column fails the file with its own message), then creates each row as the member of staff who uploaded it
 * would on the record's screen (createRecord: the same field checks, rules, scope and audit), each in a
 * savepoint so a refused row leaves nothing behind. All rows are written in one transaction, taken under a
 * lock of the import, with the invalid rows file and the counts: a job that dies part-way and is retried
 * creates everything exactly once, and a DONE import is left alone.
 */
export async function runRecordImport(db: Knex, importId: number, { onProgress, storage = fileStorage(), progressEvery = 500 }: RunRecordImportOptions = {}) {
  const job = await RecordImport.query(db).findById(importId);
  if (!job) throw new Error(`records import error: no import ${importId}`);
  if (job.status === 'DONE') return { importId, status: 'SKIPPED' as const, imported: job.importedRows, rejected: job.rejectedRows };
  const set = (values: Partial<RecordImport>) => RecordImport.query(db).patch({ ...values, updatedAt: new Date() }).where({ id: importId });
  const report = (progress: number, message: string) => onProgress?.({ progress, message }) ?? Promise.resolve();
  const kind = RECORD_IMPORT_SPECS[job.kind];
  const spec = resourceSpec(kind.resource);
  try {
    const sheet = await readSheet(job.fileType, await readAll(await storage.open(job.storageKey)));
    const mapping = mapColumns(spec, sheet.header);
    const importer = await importerOf(db, job.createdByUserId, kind.area);
    const problem = !sheet.rows.length ? M.empty : sheet.rows.length > RECORD_IMPORT_MAX_ROWS ? M.tooManyRows : mapping.problem ?? (importer ? null : `Importing ${kind.label.toLowerCase()} needs WRITE on ${kind.area}`);
    if (problem) {
      // The file (or who sent it) is the problem: nothing to retry, the person fixes the file.
      await set({ status: 'FAILED', error: problem, finishedAt: new Date() });
      return { importId, status: 'FAILED' as const, imported: 0, rejected: 0 };
    }
    const total = sheet.rows.length;
    await set({ status: 'IN_PROGRESS', totalRows: total, processedRows: 0, error: null });
    await report(0, `0 of ${total} rows`);

    const done = await db.transaction(async (trx) => {
      // One run at a time per import: a second delivery of the job waits here, then finds it DONE.
      await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('record_imports'), ?)`, [importId]);
      const current = await RecordImport.query(trx).findById(importId);
      if (current?.status === 'DONE') return current;
      const request = { db: trx, user: importer!, groupId: job.groupId };
      const scope = { groupId: job.groupId, partnerId: null };
      const references = new Map<string, unknown>();
      const seen = new Map<string, number>();
      const rejected: Array<{ cells: string[]; reason: string }> = [];
      let imported = 0;
      for (const [index, { row, cells }] of sheet.rows.entries()) {
        const { input, errors } = await rowInput(trx, spec, mapping, cells, scope, references);
        const key = naturalKey(job.kind, input);
        const reason =
          errors.length ? errors.map((error) => `${fieldLabel(error.field)}: ${error.message}`).join('; ')
          : key !== null && seen.has(key) ? M.duplicateInFile(seen.get(key)!)
          : job.kind === 'CONTACTS' && key !== null && (await contactExists(trx, job.groupId, input)) ? M.alreadyExists
          : await createRecord(request, spec, input).then(() => null, reasonOf);
        if (reason) rejected.push({ cells, reason });
        else imported += 1;
        if (key !== null && !seen.has(key)) seen.set(key, row);
        if ((index + 1) % progressEvery === 0) {
          await set({ processedRows: index + 1 });
          await report(Math.floor((90 * (index + 1)) / total), `${index + 1} of ${total} rows`);
        }
      }
      let rejectedStorageKey: string | null = null;
      let rejectedSizeBytes: number | null = null;
      if (rejected.length) {
        const body = [csvLine([...sheet.header, 'reason']), ...rejected.map(({ cells, reason }) => csvLine([...sheet.header.map((_, column) => cells[column] ?? ''), reason]))].join('\r\n') + '\r\n';
        const data = Buffer.from(body, 'utf8');
        rejectedStorageKey = `record-imports/${job.groupId}/${crypto.randomUUID()}-invalid-rows.csv`;
        rejectedSizeBytes = data.length;
        await storage.put(rejectedStorageKey, data);
      }
      const updated = await RecordImport.query(trx).patchAndFetchById(importId, {
        status: 'DONE',
        processedRows: total,
        importedRows: imported,
        rejectedRows: rejected.length,
        rejectedStorageKey,
        rejectedSizeBytes,
        error: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      });
      await recordChange(trx, { action: 'UPDATE', entity: 'record_imports', entityId: importId, actorUserId: job.createdByUserId, before: job.toJSON(), after: updated.toJSON() });
      await createNotification(trx, {
        userId: importer!.id,
        title: `${kind.label} imported`,
        message: `${job.fileName}: ${M.summary(imported, rejected.length)}.`,
        notificationType: rejected.length ? 'WARNING' : 'SUCCESS',
        type: 'RECORDS_IMPORTED',
        data: { importId },
      });
      return updated;
    });
    await report(100, M.summary(done.importedRows, done.rejectedRows));
    return { importId, status: 'DONE' as const, imported: done.importedRows, rejected: done.rejectedRows };
  } catch (error) {
    await set({ status: 'FAILED', error: `records import error: ${error instanceof Error ? error.message : String(error)}`, finishedAt: new Date() });
    throw error;
  }
}
