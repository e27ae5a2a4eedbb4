import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { PgBoss } from 'pg-boss';
import { RecordImport, type Knex } from '@app/db';
import { backoffice, isAllowed } from '../../auth/access';
import type { AuthUser } from '../../auth/auth-user';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { enqueue } from '../../jobs/enqueue';
import { isRecordImportKind, RECORD_IMPORT_MESSAGES, RECORD_IMPORT_SPECS, resourceSpec } from '../../rules';
import type { FileStorage } from '../files/file-storage';
import { fileStorage } from '../files/select-file-storage';
import { requireGroup } from '../records/record-scope';
import { checkImportFile, type ImportFile } from './import-file';
import { recordImportView, type RecordImportView } from './record-import-view';

export interface RecordImportCaller {
  db: Knex;
  boss: PgBoss;
  user: AuthUser;
  groupId: number | null;
}

/** A kind named by the request that the caller may import: WRITE on the area of the records it creates. */
function kindFor(user: AuthUser, kind: unknown) {
  if (!isRecordImportKind(kind)) throw DomainError.invalid([{ field: 'kind', rule: 'oneOf', message: RECORD_IMPORT_MESSAGES.kind }]);
  if (!isAllowed(user, backoffice(RECORD_IMPORT_SPECS[kind].area, 'WRITE'))) throw new DomainError('FORBIDDEN', `Importing ${RECORD_IMPORT_SPECS[kind].label.toLowerCase()} needs WRITE on ${RECORD_IMPORT_SPECS[kind].area}`);
  return kind;
}

/**
 * Accepts a file of records (POST /api/v2/uploads/import?kind=…) for the X-Group-ID group: checks it is a
 * spreadsheet, stores it and records the import with its job, in one transaction. The same file (same bytes)
 * of the same kind sent again answers the import it already is, so it creates nothing twice.
 */
export async function requestRecordImport(caller: RecordImportCaller, kindText: unknown, file: ImportFile, storage: FileStorage = fileStorage()): Promise<{ created: boolean; import: RecordImportView }> {
  const kind = kindFor(caller.user, kindText);
  const groupId = requireGroup(resourceSpec('Upload'), caller.groupId);
  const { kind: fileType, fileName } = checkImportFile(file);
  const sha256 = crypto.createHash('sha256').update(file.data).digest('hex');
  const existing = () => RecordImport.query(caller.db).findOne({ group_id: groupId, kind, sha256 });

  const already = await existing();
  if (already) return { created: false, import: recordImportView(already) };
  const storageKey = `record-imports/${groupId}/${crypto.randomUUID()}.${fileType}`;
  await storage.put(storageKey, file.data);
  try {
    const created = await caller.db.transaction(async (trx) => {
      const row = await RecordImport.query(trx).insertAndFetch({ groupId, kind, sha256, fileName, fileType, storageKey, sizeBytes: file.data.length, status: 'PENDING', createdByUserId: caller.user.id });
      await recordChange(trx, { action: 'INSERT', entity: 'record_imports', entityId: row.id, actorUserId: caller.user.id, after: row.toJSON() });
      await enqueue(caller.boss, trx, 'imports.records', { importId: row.id });
      return row;
    });
    return { created: true, import: recordImportView(created) };
  } catch (error) {
    // The same file sent twice at once: the other request's import won the unique (group, kind, sha256).
    await storage.remove(storageKey).catch(() => undefined);
    const winner = (error as { code?: string }).code === '23505' ? await existing() : undefined;
    if (winner) return { created: false, import: recordImportView(winner) };
    throw error;
  }
}

/** One records import of the group the caller may import (its kind's area), with its progress. */
export async function recordImportStatus(db: Knex, user: AuthUser, groupId: number | null, id: string): Promise<RecordImport> {
  const group = requireGroup(resourceSpec('Upload'), groupId);
  const row = /^\d{1,9}$/.test(id) ? await RecordImport.query(db).findOne({ id: Number(id), group_id: group }) : undefined;
  // Another group's import, or one of a kind the caller may not import, is not found: its existence tells nothing.
  if (!row || !isAllowed(user, backoffice(RECORD_IMPORT_SPECS[row.kind].area, 'READ'))) throw new DomainError('NOT_FOUND', `No import ${id}`);
  return row;
}

/** The invalid rows file of one of the group's imports: the rows as sent, each with its reason (CSV). */
export async function openRecordImportRejectedRows(db: Knex, user: AuthUser, groupId: number | null, id: string, storage: FileStorage = fileStorage()): Promise<{ fileName: string; contentType: string; sizeBytes: number; stream: Readable }> {
  const row = await recordImportStatus(db, user, groupId, id);
  if (!row.rejectedStorageKey) throw new DomainError('NOT_FOUND', row.status === 'DONE' ? 'Every row of this file was imported' : 'The import is not finished');
  const fileName = `${row.fileName.replace(/\.(csv|xlsx)$/i, '')}-invalid-rows.csv`;
  return { fileName, contentType: 'text/csv; charset=utf-8', sizeBytes: row.rejectedSizeBytes ?? 0, stream: await storage.open(row.rejectedStorageKey) };
}
