import { reportJobProgress } from '../../../api/src/modules/exports';
import { runRecordImport } from '../../../api/src/modules/imports';
import type { Handler } from '../handler';

/** One file of records per job; progress goes to the job's output (the job console) and the import's row. */
export const importRecordsHandler: Handler<'imports.records'> = async (job, { db }) =>
  runRecordImport(db, job.data.importId, { onProgress: (progress) => reportJobProgress(db, 'imports.records', job.id, progress) });
