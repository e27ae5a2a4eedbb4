import { DomainError } from '../../errors/domain-error';
import { ATTACHMENT_OWNERS, UPLOAD_MESSAGES, type AttachmentOwner, type UploadResourceType } from '../../rules';
import type { FileStorage } from './file-storage';
import { findAttachmentOwner, type AttachmentCaller } from './attachment-owner';
import { attachmentView, type AttachmentView } from './attachment-view';
import { fileStorage } from './select-file-storage';
import { storeUpload } from './store-upload.service';

export interface AttachedFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** The upload's link to its record, by owner (the model's properties of the owner columns). */
const linkTo = (owner: AttachmentOwner, id: number) => ({ houseVisitId: owner === 'houseVisit' ? id : null, commentId: owner === 'comment' ? id : null, tenantId: owner === 'tenant' ? id : null });

/**
 * Attaches a file to a record the caller may change (a visit's photo, a comment's attachment, a tenant's
 * tenancy agreement or proof of address): the kind must be one the record takes, the file one that kind
 * accepts (type and size, rules/uploads.ts), stored through the file storage and recorded (audited) in one
 * transaction with the record locked, so a file never lands on a record that is gone.
 */
export async function attachFile(caller: AttachmentCaller, owner: AttachmentOwner, ownerId: unknown, resourceType: unknown, file: AttachedFile, storage: FileStorage = fileStorage()): Promise<AttachmentView> {
  const types: readonly string[] = ATTACHMENT_OWNERS[owner].types;
  const kind = resourceType === undefined || resourceType === '' ? types[0] : resourceType;
  if (typeof kind !== 'string' || !types.includes(kind)) {
    throw DomainError.invalid([{ field: 'type', rule: 'oneOf', message: `${UPLOAD_MESSAGES.notAccepted}: this record takes ${types.join(' or ')}` }]);
  }
  return caller.db.transaction(async (trx) => {
    const found = await findAttachmentOwner(trx, caller, owner, ownerId, 'WRITE');
    const stored = await storeUpload(
      trx,
      { groupId: found.groupId, resourceType: kind as UploadResourceType, fileName: file.fileName, contentType: file.contentType, data: file.data, uploadedByUserId: caller.user.id, ...linkTo(owner, found.id) },
      storage,
    );
    return attachmentView({ id: stored.id, resource_type: stored.resourceType, file_name: stored.fileName, content_type: stored.contentType, size_bytes: stored.sizeBytes, created_at: stored.createdAt, first_name: caller.user.firstName, last_name: caller.user.lastName });
  });
}
