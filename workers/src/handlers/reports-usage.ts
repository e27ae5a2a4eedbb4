import { reportJobProgress } from '../../../api/src/modules/exports';
import { runUsageReport } from '../../../api/src/modules/usage-reports';
import type { Handler } from '../handler';

/** One usage report per job; progress goes to the job's output (the job console) and the upload's row. */
export const reportsUsageHandler: Handler<'reports.usage'> = async (job, { db }) =>
  runUsageReport(db, job.data.uploadId, { onProgress: (progress) => reportJobProgress(db, 'reports.usage', job.id, progress) });
