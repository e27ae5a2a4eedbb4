import type { Readable } from 'node:stream';
import type { Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import type { FileStorage } from '../files/file-storage';
import { fileStorage } from '../files/select-file-storage';
import { readingImportStatus } from './request-reading-import.service';

/** The rejected rows of one of the group's imports, with a reason each (CSV), for a download link. */
export async function openRejectedRows(db: Knex, groupId: number | null, id: string, storage: FileStorage = fileStorage()): Promise<{ fileName: string; contentType: string; sizeBytes: number; stream: Readable }> {
  const row = await readingImportStatus(db, groupId, id);
  if (!row.rejectedFile) throw new DomainError('NOT_FOUND', row.status === 'DONE' ? 'Every row of this file was imported' : 'The import is not finished');
  return { fileName: row.rejectedFile.fileName, contentType: 'text/csv; charset=utf-8', sizeBytes: row.rejectedFile.sizeBytes, stream: await storage.open(row.rejectedFile.storageKey) };
}
