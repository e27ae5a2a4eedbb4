import { reportJobProgress } from '../../../api/src/modules/exports';
import { runReadingImport } from '../../../api/src/modules/imports';
import type { Handler } from '../handler';

/** One readings file per job; progress goes to the job's output (the job console) and the import's row. */
export const importReadingsHandler: Handler<'imports.readings'> = async (job, { db }) =>
  runReadingImport(db, job.data.importId, { onProgress: (progress) => reportJobProgress(db, 'imports.readings', job.id, progress) });
