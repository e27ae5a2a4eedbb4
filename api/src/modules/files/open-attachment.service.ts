import type { Readable } from 'node:stream';
import { checkGroupAccess } from '../../auth/group-membership';
import { DomainError } from '../../errors/domain-error';
import { ATTACHMENT_OWNERS, isRecordId, type AttachmentOwner } from '../../rules';
import { findAttachmentOwner, type AttachmentCaller } from './attachment-owner';
import type { FileStorage } from './file-storage';
import { fileStorage } from './select-file-storage';

interface UploadRow {
  id: number;
  group_id: number;
  resource_type: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  [column: string]: unknown;
}

/**
 * An attached file for its download link: found through the record it is attached to, with the same checks as
 * listing it (the caller works for the file's group, may read the record, and a partner only its own visits).
 * Files attached to nothing (imports, reports) are not served here. Anything else is not found.
 */
export async function openAttachment(caller: AttachmentCaller, uploadId: unknown, storage: FileStorage = fileStorage()): Promise<{ fileName: string; contentType: string; sizeBytes: number; stream: Readable }> {
  const notFound = new DomainError('NOT_FOUND', `No file ${String(uploadId)}`);
  const row: UploadRow | undefined = isRecordId(uploadId) ? await caller.db('uploads').where({ id: Number(uploadId) }).first() : undefined;
  if (!row || (caller.groupId !== null && caller.groupId !== row.group_id) || (await checkGroupAccess(caller.db, caller.user, row.group_id)) !== 'ok') throw notFound;
  const owner = (Object.keys(ATTACHMENT_OWNERS) as AttachmentOwner[]).find((name) => {
    const { column, types } = ATTACHMENT_OWNERS[name];
    return row[column] !== null && row[column] !== undefined && (types as readonly string[]).includes(row.resource_type);
  });
  if (!owner) throw notFound;
  try {
    await findAttachmentOwner(caller.db, caller, owner, row[ATTACHMENT_OWNERS[owner].column], 'READ', row.group_id);
  } catch {
    throw notFound;
  }
  return { fileName: row.file_name, contentType: row.content_type, sizeBytes: Number(row.size_bytes), stream: await storage.open(row.storage_key) };
}
