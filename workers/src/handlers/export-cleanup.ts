import { cleanupExpiredExports } from '../../../api/src/modules/exports';
import type { Handler } from '../handler';

/** Daily: deletes export files past their 24 h and marks their rows EXPIRED. */
export const exportCleanupHandler: Handler<'exports.cleanup'> = async (_job, { db }) => cleanupExpiredExports(db);
