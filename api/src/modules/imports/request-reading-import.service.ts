import crypto from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { ReadingImport, Upload, type Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { enqueue } from '../../jobs/enqueue';
import { resourceSpec } from '../../rules';
import type { FileStorage } from '../files/file-storage';
import { fileStorage } from '../files/select-file-storage';
import { requireGroup } from '../records/record-scope';
import { checkImportFile, sheetContentType, sheetKindOf, type ImportFile, type SheetKind } from './import-file';
import { readingImportView, type ReadingImportView } from './reading-import-view';

export interface ImportCaller {
  db: Knex;
  boss: PgBoss;
  userId: number;
  groupId: number | null;
}

export type { ImportFile } from './import-file';

export const importedFileKind = (upload: Pick<Upload, 'contentType' | 'fileName'>): SheetKind => sheetKindOf(upload);

/**
 * Accepts a readings file for the X-Group-ID group: stores it, records the import and enqueues its job, in
 * one transaction. The same file (same bytes) sent again answers the import it already is, so a double
 * click or a retried upload imports nothing twice.
 */
export async function requestReadingImport(caller: ImportCaller, file: ImportFile, storage: FileStorage = fileStorage()): Promise<{ created: boolean; import: ReadingImportView }> {
  const groupId = requireGroup(resourceSpec('MeterReading'), caller.groupId);
  const { kind, fileName } = checkImportFile(file);
  const sha256 = crypto.createHash('sha256').update(file.data).digest('hex');
  const existing = () => ReadingImport.query(caller.db).findOne({ group_id: groupId, sha256 }).withGraphFetched('file');

  const already = await existing();
  if (already) return { created: false, import: readingImportView(already) };
  const storageKey = `reading-imports/${groupId}/${crypto.randomUUID()}.${kind}`;
  await storage.put(storageKey, file.data);
  try {
    const created = await caller.db.transaction(async (trx) => {
      const upload = await Upload.query(trx).insertAndFetch({
        groupId,
        resourceType: 'READING',
        fileName,
        contentType: sheetContentType(kind),
        sizeBytes: file.data.length,
        storageKey,
        status: 'READY',
        uploadedByUserId: caller.userId,
      });
      const row = await ReadingImport.query(trx).insertAndFetch({ groupId, sha256, fileUploadId: upload.id, status: 'PENDING', createdByUserId: caller.userId });
      await recordChange(trx, { action: 'INSERT', entity: 'reading_imports', entityId: row.id, actorUserId: caller.userId, after: row.toJSON() });
      await enqueue(caller.boss, trx, 'imports.readings', { importId: row.id });
      row.file = upload;
      return row;
    });
    return { created: true, import: readingImportView(created) };
  } catch (error) {
    // The same file sent twice at once: the other request's import won the unique (group, sha256).
    await storage.remove(storageKey).catch(() => undefined);
    const winner = (error as { code?: string }).code === '23505' ? await existing() : undefined;
    if (winner) return { created: false, import: readingImportView(winner) };
    throw error;
  }
}

/** One import of the group, with its progress. */
export async function readingImportStatus(db: Knex, groupId: number | null, id: string): Promise<ReadingImport> {
  const group = requireGroup(resourceSpec('MeterReading'), groupId);
  const row = /^\d{1,9}$/.test(id) ? await ReadingImport.query(db).findOne({ id: Number(id), group_id: group }).withGraphFetched('[file, rejectedFile]') : undefined;
  if (!row) throw new DomainError('NOT_FOUND', `No readings import ${id}`);
  return row;
}
