import crypto from 'node:crypto';
import path from 'node:path';
import { Upload, type Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { checkUploadFile, type UploadResourceType } from '../../rules';
import type { FileStorage } from './file-storage';
import { fileStorage } from './select-file-storage';

export interface NewUpload {
  groupId: number;
  resourceType: UploadResourceType;
  fileName: string;
  contentType: string;
  data: Buffer;
  uploadedByUserId: number | null;
  houseContractId?: number | null;
  tenantContractId?: number | null;
  houseVisitId?: number | null;
  commentId?: number | null;
  tenantId?: number | null;
}

/**
 * Stores a person's file and records it as an upload of the group, inside the caller's transaction. The
 * kind of upload decides which types and sizes are accepted (rules/uploads.ts); a refused file is a field
 * error on `file`. The file is written before the row: if the transaction then rolls back, what is left is
 * an unreferenced file, never a row without its file.
 */
export async function storeUpload(trx: Knex, upload: NewUpload, storage: FileStorage = fileStorage()): Promise<Upload> {
  const refused = checkUploadFile(upload.resourceType, { fileName: upload.fileName, contentType: upload.contentType, sizeBytes: upload.data.length });
  if (refused) throw DomainError.invalid([{ field: 'file', rule: 'upload', message: refused }]);
  const extension = path.extname(upload.fileName).toLowerCase().replace(/[^.a-z0-9]/g, '').slice(0, 10);
  const storageKey = `${upload.resourceType.toLowerCase()}/${upload.groupId}/${crypto.randomUUID()}${extension}`;
  await storage.put(storageKey, upload.data);
  const stored = await Upload.query(trx).insertAndFetch({
    groupId: upload.groupId,
    resourceType: upload.resourceType,
    fileName: upload.fileName.trim(),
    contentType: upload.contentType.split(';')[0]!.trim().toLowerCase(),
    sizeBytes: upload.data.length,
    storageKey,
    status: 'READY',
    uploadedByUserId: upload.uploadedByUserId,
    houseContractId: upload.houseContractId ?? null,
    tenantContractId: upload.tenantContractId ?? null,
    houseVisitId: upload.houseVisitId ?? null,
    commentId: upload.commentId ?? null,
    tenantId: upload.tenantId ?? null,
  });
  await recordChange(trx, { action: 'INSERT', entity: 'uploads', entityId: stored.id, actorUserId: upload.uploadedByUserId, after: { ...stored } });
  return stored;
}
