import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from '@app/db';
import { partnerScopeOf } from '../records/record-scope';
import { BOSS_SCHEMA } from '../../jobs/boss';
import { findResourceSpec } from '../../rules';
import { exportColumns } from './list-export-columns';
import { exportOwner } from './export-owner';
import { mayName } from './reference-names';
import { countExportRows, exportSql, type ExportSelection } from './export-query';
import { exportFilePath, exportFiles, type ExportFileRow } from './export-files';
import { archiveDocumentsFor } from './archive-documents';
import { cursorBatches } from './row-cursor';
import { copyCsvLines } from './copy-csv-lines';
import { writeArchive, writeCsvLines, writeXlsx, type WriteResult } from './export-writers';
import { createNotification } from '../notifications/create-notification.service';
import { exportReadyNotification } from './export-ready-notification';

export interface ExportProgress {
  progress: number;
  message: string;
}

export interface RunExportOptions {
  /** Told every PROGRESS_EVERY rows (and at the end); the job handler puts it in the job's output. */
  onProgress?: (progress: ExportProgress) => Promise<void>;
  /** Rows per cursor fetch (tests use small ones to cross batch and part boundaries). */
  batchSize?: number;
  /** Rows per CSV file of an archive (10,000). */
  archivePartRows?: number;
}

export const PROGRESS_EVERY = 50_000;

export type RunExportOutcome = ExportProgress & { exportId: string; status: 'DONE' | 'SKIPPED'; rows: number; bytes: number };

/**
 * Runs one export: the list's query through a database cursor into the file's writer, the row on
 * `export_files` and the job's progress updated every PROGRESS_EVERY rows. The file is written beside its
 * final name and renamed when complete, so a download never sees half a file. Safe to run twice: a DONE
 * (or expired) export is left alone, a RUNNING one (a crashed earlier try) starts again. On failure the row
 * is FAILED with "export error: <reason>" and the error is rethrown for the job's retry.
 */
export async function runExport(db: Knex, exportId: string, { onProgress, batchSize = 10_000, archivePartRows }: RunExportOptions = {}): Promise<RunExportOutcome> {
  const row = await exportFiles(db).where({ id: exportId }).first();
  if (!row) throw new Error(`export error: no export ${exportId}`);
  if (row.status === 'DONE' || row.status === 'EXPIRED') {
    return { exportId, status: 'SKIPPED', rows: Number(row.row_count), bytes: Number(row.bytes), progress: 100, message: `already ${row.status}` };
  }
  const finalPath = exportFilePath(row.storage_path);
  const partialPath = `${finalPath}.part`;
  try {
    const spec = findResourceSpec(row.resource);
    if (!spec) throw new Error(`the list "${row.resource}" no longer exists`);
    // The owner, read now: a partner user's export holds only the partner's rows, and names only what they may read.
    const owner = await exportOwner(db, row.user_id);
    const selection: ExportSelection = { spec, groupId: row.group_id, partnerId: partnerScopeOf(owner), filter: row.filter, sortField: row.sort_field, sortOrder: row.sort_order };
    await exportFiles(db).where({ id: exportId }).update({ status: 'RUNNING', started_at: db.fn.now() as never, total_rows: null, row_count: 0, error: null });
    // The list's size, for progress only: counted on a second connection while the cursor already streams.
    let total: number | null = null;
    const counting = countExportRows(db, selection)
      .then(async (count) => {
        total = count;
        await exportFiles(db).where({ id: exportId }).update({ total_rows: count });
      })
      .catch(() => undefined);
    const report = async (progress: number, message: string) => onProgress?.({ progress, message });
    await report(0, 'started');

    let reported = 0;
    const onRows = async (rows: number) => {
      if (rows - reported < PROGRESS_EVERY) return;
      reported = rows;
      await exportFiles(db).where({ id: exportId }).update({ row_count: rows });
      await report(total ? Math.min(99, Math.floor((100 * rows) / total)) : 0, `${rows} of ${total ?? '…'} rows`);
    };
    const columns = exportColumns(spec, row.fields, (ref) => mayName(owner, ref));
    fs.mkdirSync(path.dirname(finalPath), { recursive: true });
    let result: WriteResult;
    if (row.format === 'csv') {
      // CSV lines come from COPY, at PostgreSQL's own speed; XLSX cells and archive parts through a cursor.
      const { sql, bindings } = exportSql(db, selection, columns, 'csv-line-crlf');
      result = await writeCsvLines(partialPath, columns, copyCsvLines(db, sql, bindings), onRows);
    } else if (row.format === 'xlsx') {
      const { sql, bindings } = exportSql(db, selection, columns, 'columns');
      result = await writeXlsx(partialPath, columns, cursorBatches(db, sql, bindings, batchSize), onRows);
    } else {
      const { sql, bindings } = exportSql(db, selection, columns, 'csv-line');
      const batches = cursorBatches(db, sql, bindings, batchSize);
      const baseName = row.file_name.replace(/\.zip$/i, '');
      result = await writeArchive(partialPath, columns, batches, onRows, { baseName, resourceLabel: spec.label, filter: row.filter }, archivePartRows, archiveDocumentsFor(db, selection));
    }
    fs.renameSync(partialPath, finalPath);
    await counting;
    await db.transaction(async (trx) => {
      const finished = await exportFiles(trx)
        .where({ id: exportId })
        .whereNot({ status: 'DONE' })
        .update({ status: 'DONE', row_count: result.rows, total_rows: result.rows, bytes: result.bytes, finished_at: trx.fn.now() as never });
      // Once per export, however often the job is delivered: only the run that marks it DONE tells its owner.
      if (finished) await createNotification(trx, exportReadyNotification(row, spec.label, result.rows));
    });
    const message = `${result.rows} rows, ${result.bytes} bytes`;
    await report(100, message);
    return { exportId, status: 'DONE', rows: result.rows, bytes: result.bytes, progress: 100, message };
  } catch (error) {
    fs.rmSync(partialPath, { force: true });
    const reason = `export error: ${error instanceof Error ? error.message : String(error)}`;
    await exportFiles(db).where({ id: exportId }).update({ status: 'FAILED', error: reason, finished_at: db.fn.now() as never });
    throw new Error(reason, { cause: error });
  }
}

/** A running job's `{ progress, message }`, which the job console shows (pg-boss has no progress call of its own). */
export async function reportJobProgress(db: Knex, queue: string, jobId: string, progress: ExportProgress): Promise<void> {
  await db(`${BOSS_SCHEMA}.job`).where({ name: queue, id: jobId }).update({ output: JSON.stringify(progress) });
}

/**
 * Deletes the files of exports past their expiry and marks their rows EXPIRED (kept as a record of who
 * exported what). Also removes `.part` files of exports that failed or expired. Safe to run any time.
 */
export async function cleanupExpiredExports(db: Knex, now = new Date()): Promise<{ expired: number; filesDeleted: number }> {
  const rows: Array<Pick<ExportFileRow, 'id' | 'storage_path'>> = await exportFiles(db)
    .whereNull('file_deleted_at')
    .where('expires_at', '<=', now)
    .select('id', 'storage_path');
  let filesDeleted = 0;
  for (const row of rows) {
    for (const file of [exportFilePath(row.storage_path), `${exportFilePath(row.storage_path)}.part`]) {
      if (fs.existsSync(file)) {
        fs.rmSync(file, { force: true });
        filesDeleted += 1;
      }
    }
    await exportFiles(db)
      .where({ id: row.id })
      .update({ file_deleted_at: db.fn.now() as never, status: db.raw(`CASE WHEN status IN ('DONE', 'PENDING', 'RUNNING') THEN 'EXPIRED' ELSE status END`) as never });
  }
  return { expired: rows.length, filesDeleted };
}
