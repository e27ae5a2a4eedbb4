import type { Knex } from '@app/db';
import type { ExportProgress } from '../exports';
import { exportFiles } from '../exports/export-files';
import { writeAccountingFile } from './accounting-exports.service';
import { writeSalesJournalFile } from './sales-journals.service';

/** What a `finance.export` job carries: the queued file and the record it is of. */
export interface FinanceExportJob {
  exportId: string;
  resource: 'SalesJournal' | 'AccountingExport';
  recordId: number;
}

export interface FinanceExportOutcome extends ExportProgress {
  exportId: string;
  status: 'DONE' | 'SKIPPED';
  rows: number;
  bytes: number;
  /** The record's export status once the job is done (EXPORTED, or EXPORTED_TO_SAGE if confirmed meanwhile). */
  recordStatus: string;
}

/**
 * One `finance.export` job: writes the sales journal or Sage CSV file the mutation queued and marks its record
 * exported. An expired file (the job ran more than a day late) is left alone: the user asks again.
 */
export async function runFinanceExport(db: Knex, job: FinanceExportJob, onProgress?: (progress: ExportProgress) => Promise<void>): Promise<FinanceExportOutcome> {
  const file = await exportFiles(db).where({ id: job.exportId }).first();
  if (!file) throw new Error(`export error: no export ${job.exportId}`);
  if (file.status === 'EXPIRED') {
    return { exportId: file.id, status: 'SKIPPED', rows: 0, bytes: 0, progress: 100, message: 'already EXPIRED', recordStatus: 'unchanged' };
  }
  const { written, recordStatus } =
    job.resource === 'SalesJournal'
      ? await writeSalesJournalFile(db, file, job.recordId, onProgress).then((done) => ({ written: done.file, recordStatus: done.journal.export_status }))
      : await writeAccountingFile(db, file, job.recordId, onProgress).then((done) => ({ written: done.file, recordStatus: done.accountingExport.status }));
  const rows = Number(written.row_count);
  const bytes = Number(written.bytes);
  return { exportId: file.id, status: 'DONE', rows, bytes, progress: 100, message: `${rows} rows, ${bytes} bytes`, recordStatus };
}
