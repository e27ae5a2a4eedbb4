import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { csvLineSql, cursorBatches, type ExportProgress } from '../exports';
import { writeCsv } from '../exports/export-writers';
import { uploadFilePath, usageReports, type UsageReportRow } from './usage-report-files';
import { USAGE_REPORT_COLUMNS, usageReportCountSql, usageReportSql, type UsageReportSelection } from './usage-report-query';
import { createNotification } from '../notifications/create-notification.service';

export interface RunUsageReportOptions {
  /** Told every `progressEvery` rows (and at the start and end); the handler puts it in the job's output. */
  onProgress?: (progress: ExportProgress) => Promise<void>;
  /** Rows per cursor fetch. */
  batchSize?: number;
  progressEvery?: number;
}

export type UsageReportOutcome = ExportProgress & { uploadId: number; status: 'READY' | 'SKIPPED'; rows: number; bytes: number };

const native = (db: Knex, query: { sql: string; bindings: unknown[] }) => db.raw(query.sql, query.bindings as Knex.RawBinding[]).toSQL().toNative();

/**
 * One `reports.usage` job: counts the report's rows (for progress), streams them through a database cursor
 * into the CSV writer of the exports module beside the final name, renames it when complete and marks the
 * upload READY with its size and row count. Memory holds one batch whatever the portfolio's size. A READY
 * report is left alone (a second delivery of the job); on failure the upload is FAILED with the reason and the
 * error rethrown for the job's retry, which starts the file again.
 */
export async function runUsageReport(db: Knex, uploadId: number, { onProgress, batchSize = 5_000, progressEvery = 10_000 }: RunUsageReportOptions = {}): Promise<UsageReportOutcome> {
  const row = await usageReports(db).where({ id: uploadId }).first();
  if (!row) throw new Error(`usage report error: no usage report ${uploadId}`);
  if (row.status === 'READY') {
    return { uploadId, status: 'SKIPPED', rows: Number(row.row_count ?? 0), bytes: Number(row.size_bytes), progress: 100, message: 'already READY' };
  }
  const finalPath = uploadFilePath(row.storage_key);
  const partialPath = `${finalPath}.part`;
  const report = async (progress: number, message: string) => onProgress?.({ progress, message });
  const set = (values: Partial<UsageReportRow>) => db('uploads').where({ id: uploadId }).update({ ...values, updated_at: db.fn.now() });
  try {
    const selection: UsageReportSelection = { groupId: row.group_id, periodStart: row.period_start, periodEnd: row.period_end, agencyId: row.agency_id };
    const counted = usageReportCountSql(selection);
    const total = Number(((await db.raw(counted.sql, counted.bindings as Knex.RawBinding[])).rows[0] as { count: number }).count);
    await set({ status: 'IN_PROGRESS', total_rows: total, row_count: 0, error: null });
    await report(0, `0 of ${total} rows`);
    let reported = 0;
    const onRows = async (rows: number) => {
      if (rows - reported < progressEvery) return;
      reported = rows;
      await set({ row_count: rows });
      await report(Math.min(99, Math.floor((100 * rows) / Math.max(total, 1))), `${rows} of ${total} rows`);
    };
    const query = native(db, usageReportSql(selection, csvLineSql(USAGE_REPORT_COLUMNS)));
    fs.mkdirSync(path.dirname(finalPath), { recursive: true });
    const result = await writeCsv(partialPath, USAGE_REPORT_COLUMNS, cursorBatches(db, query.sql, query.bindings, batchSize), onRows);
    fs.renameSync(partialPath, finalPath);
    await db.transaction(async (trx) => {
      const [after] = await trx('uploads')
        .where({ id: uploadId })
        .update({ status: 'READY', row_count: result.rows, total_rows: result.rows, size_bytes: result.bytes, finished_at: trx.fn.now(), updated_at: trx.fn.now() })
        .returning('*');
      await recordChange(trx, { action: 'UPDATE', entity: 'uploads', entityId: uploadId, actorUserId: row.uploaded_by_user_id, before: row, after });
      if (row.uploaded_by_user_id) {
        // An agent asked from the agent portal and downloads it there; staff open the upload in the back office.
        const requester = await trx('users').where({ id: row.uploaded_by_user_id }).first('role');
        const goToPage =
          requester?.role === 'agent'
            ? { link: '/agent-portal/portfolio-usage-summary', title: 'Open the usage summary' }
            : { link: `/admin/${row.group_id}/Upload/${uploadId}/show`, title: 'Open the report' };
        await createNotification(trx, {
          userId: row.uploaded_by_user_id,
          title: 'Usage report ready',
          message: `${row.file_name} (${result.rows.toLocaleString('en-GB')} rows) is ready to download.`,
          type: 'USAGE_REPORT_READY',
          data: { uploadId },
          goToPage,
        });
      }
    });
    const message = `${result.rows} rows, ${result.bytes} bytes`;
    await report(100, message);
    return { uploadId, status: 'READY', rows: result.rows, bytes: result.bytes, progress: 100, message };
  } catch (error) {
    fs.rmSync(partialPath, { force: true });
    const reason = `usage report error: ${error instanceof Error ? error.message : String(error)}`;
    await set({ status: 'FAILED', error: reason, finished_at: db.fn.now() as never });
    throw new Error(reason, { cause: error });
  }
}
