import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from '@app/db';
import { csvLineSql, cursorBatches, EXPORT_TTL_HOURS, exportFilePath, toStatusView, type ExportStatusView } from '../exports';
import type { ExportColumn } from '../exports/export-columns';
import { exportFiles, type ExportFileRow } from '../exports/export-files';
import { writeCsv, writeXlsx } from '../exports/export-writers';

export type FinanceFileFormat = 'csv' | 'xlsx';

export interface FinanceFileRequest {
  userId: number;
  groupId: number;
  /** The catalogue resource the file belongs to: a download needs READ on its area. */
  resource: string;
  format: FinanceFileFormat;
  fileName: string;
  columns: readonly ExportColumn[];
  /** FROM … WHERE … ORDER BY … of the rows (the select list comes from the columns). */
  from: string;
  bindings: readonly unknown[];
}

/**
 * Writes a finance file (a sales journal, an accounting export) through the exports module: an export_files
 * row (so the file is listed, downloaded and expired like any list export, by /api/v2/exports/:id/download),
 * the rows read through a cursor and written by the module's CSV or XLSX writer, beside the final name and
 * renamed when complete. Returns the finished row.
 */
export async function writeFinanceFile(db: Knex, request: FinanceFileRequest): Promise<ExportFileRow> {
  const id = crypto.randomUUID();
  const storagePath = `${id}.${request.format}`;
  await exportFiles(db).insert({
    id,
    user_id: request.userId,
    group_id: request.groupId,
    resource: request.resource,
    format: request.format,
    file_name: request.fileName,
    filter: JSON.stringify({}) as never,
    fields: request.columns.map((column) => column.name),
    status: 'RUNNING',
    storage_path: storagePath,
    started_at: db.fn.now() as never,
    expires_at: db.raw(`now() + interval '${EXPORT_TTL_HOURS} hours'`) as never,
  });
  const finalPath = exportFilePath(storagePath);
  const partialPath = `${finalPath}.part`;
  try {
    const select = request.format === 'csv' ? csvLineSql(request.columns) : request.columns.map((column) => column.sql).join(', ');
    // The cursor takes PostgreSQL's $n placeholders: knex turns the `?` of `from` into them.
    const native = db.raw(`SELECT ${select} ${request.from}`, [...request.bindings] as Knex.RawBinding[]).toSQL().toNative();
    const batches = cursorBatches(db, native.sql, native.bindings, 5_000);
    fs.mkdirSync(path.dirname(finalPath), { recursive: true });
    const noProgress = async () => undefined;
    const result = request.format === 'csv' ? await writeCsv(partialPath, request.columns, batches, noProgress) : await writeXlsx(partialPath, request.columns, batches, noProgress);
    fs.renameSync(partialPath, finalPath);
    const [row] = await exportFiles(db)
      .where({ id })
      .update({ status: 'DONE', row_count: result.rows, total_rows: result.rows, bytes: result.bytes, finished_at: db.fn.now() as never })
      .returning('*');
    return row as ExportFileRow;
  } catch (error) {
    fs.rmSync(partialPath, { force: true });
    const reason = `export error: ${error instanceof Error ? error.message : String(error)}`;
    await exportFiles(db).where({ id }).update({ status: 'FAILED', error: reason, finished_at: db.fn.now() as never });
    throw new Error(reason, { cause: error });
  }
}

export function fileView(row: ExportFileRow): ExportStatusView {
  return toStatusView(row);
}
