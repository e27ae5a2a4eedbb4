import { reportJobProgress, runExport } from '../../../api/src/modules/exports';
import type { Handler } from '../handler';

/** One export per job; progress goes to the job's output (the job console) and the export's row. */
export const exportRunHandler: Handler<'exports.run'> = async (job, { db }) =>
  runExport(db, job.data.exportId, { onProgress: (progress) => reportJobProgress(db, 'exports.run', job.id, progress) });
