import { reportJobProgress } from '../../../api/src/modules/exports';
import { fanOutBillRun } from '../../../api/src/modules/billing';
import type { Handler } from '../handler';

/** Fans a bill run out to one billing.house job per house contract; progress goes to the job's output. */
export const billingRunHandler: Handler<'billing.run'> = async (job, { db, boss }) =>
  fanOutBillRun(db, boss, job.data.billRunId, (progress) => reportJobProgress(db, 'billing.run', job.id, progress));
