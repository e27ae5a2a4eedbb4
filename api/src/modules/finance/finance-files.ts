import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from '@app/db';
import { csvLineSql, cursorBatches, EXPORT_TTL_HOURS, exportFilePath, toStatusView, type ExportProgress, type ExportStatusView } from '../exports';
import type { ExportColumn } from '../exports/export-columns';
import { exportFiles, type ExportFileRow } from '../exports/export-files';
import { writeCsv, writeXlsx } from '../exports/export-writers';

export type FinanceFileFormat = 'csv' | 'xlsx';

/** Who asks for a finance file and what it is called: recorded when the file is queued. */
export interface FinanceFileOrder {
  userId: number;
  groupId: number;
  /** The catalogue resource the file belongs to: a download needs READ on its area. */
  resource: string;
  format: FinanceFileFormat;
  fileName: string;
  /** The record the file is of (kept in the row's filter, so the file names its journal or export). */
  recordId: number;
}

/** What the job reads into the file. */
export interface FinanceFileContent {
  columns: readonly ExportColumn[];
  /** FROM … WHERE … of the rows (the select list comes from the columns); its `?` take `bindings`. */
  from: string;
  bindings: readonly unknown[];
  /** ORDER BY … of the file's rows. */
  orderBy: string;
}

/**
 * Records a finance file (a sales journal, an accounting export) as a PENDING export_files row, in the caller's
 * transaction: it is listed, downloaded (/api/v2/exports/:id/download, by its owner) and expired like any list
 * export, and the `finance.export` job queued in the same transaction writes it.
 */
export async function queueFinanceFile(trx: Knex, order: FinanceFileOrder): Promise<ExportFileRow> {
  const [row] = await exportFiles(trx)
    .insert({
      user_id: order.userId,
      group_id: order.groupId,
      resource: order.resource,
      format: order.format,
      file_name: order.fileName,
      filter: JSON.stringify({ id: order.recordId }) as never,
      status: 'PENDING',
      storage_path: 'pending',
      expires_at: trx.raw(`now() + interval '${EXPORT_TTL_HOURS} hours'`) as never,
    })
    .returning('*');
  const [stored] = await exportFiles(trx).where({ id: row!.id }).update({ storage_path: `${row!.id}.${order.format}` }).returning('*');
  return stored as ExportFileRow;
}

/** Rows between progress reports (finance files are small next to list exports; a journal has one line per statement). */
export const FINANCE_PROGRESS_EVERY = 5_000;

/**
 * Writes a queued finance file through the exports module: the rows read through a cursor and written by its
 * CSV or XLSX writer beside the final name, renamed when complete; the row's counts and the job's progress
 * updated as it goes. Returns the finished row; on failure the row is FAILED with the reason and the error is
 * rethrown (the job's retry writes the file again from scratch).
 */
export async function writeFinanceFile(
  db: Knex,
  file: ExportFileRow,
  content: FinanceFileContent,
  onProgress: (progress: ExportProgress) => Promise<void> = async () => undefined,
  batchSize = 5_000,
): Promise<ExportFileRow> {
  const finalPath = exportFilePath(file.storage_path);
  const partialPath = `${finalPath}.part`;
  try {
    const select = file.format === 'csv' ? csvLineSql(content.columns) : content.columns.map((column) => column.sql).join(', ');
    // The cursor takes PostgreSQL's $n placeholders: knex turns the `?` of `from` into them.
    const bindings = [...content.bindings] as Knex.RawBinding[];
    const native = db.raw(`SELECT ${select} ${content.from} ORDER BY ${content.orderBy}`, bindings).toSQL().toNative();
    // The size, for progress (a journal or an export is at most a few hundred thousand rows: one count is cheap).
    const { count } = (await db.raw(`SELECT count(*)::int AS count ${content.from}`, bindings)).rows[0] as { count: number };
    await exportFiles(db).where({ id: file.id }).update({ status: 'RUNNING', started_at: db.fn.now() as never, total_rows: count, row_count: 0, error: null });
    await onProgress({ progress: 0, message: `0 of ${count} rows` });
    let reported = 0;
    const onRows = async (rows: number) => {
      if (rows - reported < FINANCE_PROGRESS_EVERY) return;
      reported = rows;
      await exportFiles(db).where({ id: file.id }).update({ row_count: rows });
      await onProgress({ progress: Math.min(99, Math.floor((100 * rows) / Math.max(count, 1))), message: `${rows} of ${count} rows` });
    };
    const batches = cursorBatches(db, native.sql, native.bindings, batchSize);
    fs.mkdirSync(path.dirname(finalPath), { recursive: true });
    const result = file.format === 'csv' ? await writeCsv(partialPath, content.columns, batches, onRows) : await writeXlsx(partialPath, content.columns, batches, onRows);
    fs.renameSync(partialPath, finalPath);
    const [row] = await exportFiles(db)
      .where({ id: file.id })
      .update({ status: 'DONE', row_count: result.rows, total_rows: result.rows, bytes: result.bytes, finished_at: db.fn.now() as never })
      .returning('*');
    await onProgress({ progress: 100, message: `${result.rows} rows, ${result.bytes} bytes` });
    return row as ExportFileRow;
  } catch (error) {
    fs.rmSync(partialPath, { force: true });
    const reason = `export error: ${error instanceof Error ? error.message : String(error)}`;
    await exportFiles(db).where({ id: file.id }).update({ status: 'FAILED', error: reason, finished_at: db.fn.now() as never });
    throw new Error(reason, { cause: error });
  }
}

export function fileView(row: ExportFileRow): ExportStatusView {
  return toStatusView(row);
}
