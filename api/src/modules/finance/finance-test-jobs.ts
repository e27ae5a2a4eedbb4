import type { Knex } from '@app/db';
import { startBoss, type PgBoss } from '../../jobs/boss';
import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import type { ExportProgress } from '../exports';
import { exportFiles, type ExportFileRow } from '../exports/export-files';
import { runFinanceExport, type FinanceExportOutcome } from './run-finance-export';

/** Test support: a pg-boss sender on the test database with the finance.export queue, as the API has. */
export async function startFinanceBoss(url: string): Promise<PgBoss> {
  const boss = await startBoss(url, 'sender');
  await createQueues(boss, [QUEUES['finance.export']]);
  return boss;
}

/**
 * Runs the finance.export job queued for a file exactly as the worker's handler does (the queued payload, the
 * progress callback), returning its outcome, the progress it reported and the file's row afterwards.
 */
export async function runQueuedFinanceExport(
  boss: PgBoss,
  db: Knex,
  exportId: string,
): Promise<{ outcome: FinanceExportOutcome; progress: ExportProgress[]; file: ExportFileRow }> {
  const jobs = await boss.findJobs('finance.export', { data: { exportId } });
  if (jobs.length !== 1) throw new Error(`expected one finance.export job for ${exportId}, found ${jobs.length}`);
  const progress: ExportProgress[] = [];
  const outcome = await runFinanceExport(db, jobs[0]!.data as never, async (step) => void progress.push(step));
  return { outcome, progress, file: (await exportFiles(db).where({ id: exportId }).first())! };
}
