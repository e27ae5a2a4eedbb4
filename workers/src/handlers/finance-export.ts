import { reportJobProgress } from '../../../api/src/modules/exports';
import { runFinanceExport } from '../../../api/src/modules/finance/run-finance-export';
import type { Handler } from '../handler';

/** One sales journal or Sage file per job; progress goes to the job's output (the job console) and the file's row. */
export const financeExportHandler: Handler<'finance.export'> = async (job, { db }) =>
  runFinanceExport(db, job.data, (progress) => reportJobProgress(db, 'finance.export', job.id, progress));
