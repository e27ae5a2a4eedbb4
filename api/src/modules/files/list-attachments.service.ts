import { ATTACHMENT_OWNERS, type AttachmentOwner } from '../../rules';
import { findAttachmentOwner, type AttachmentCaller } from './attachment-owner';
import { attachmentView, type AttachmentRow, type AttachmentView } from './attachment-view';

/** The files attached to one record the caller may read, oldest first, with who added each. */
export async function listAttachments(caller: AttachmentCaller, owner: AttachmentOwner, ownerId: unknown): Promise<AttachmentView[]> {
  const found = await findAttachmentOwner(caller.db, caller, owner, ownerId, 'READ');
  const { column, types } = ATTACHMENT_OWNERS[owner];
  const rows: AttachmentRow[] = await caller.db('uploads')
    .leftJoin('users', 'users.id', 'uploads.uploaded_by_user_id')
    .where({ [`uploads.${column}`]: found.id, 'uploads.group_id': found.groupId })
    .whereIn('uploads.resource_type', [...types])
    .orderBy([{ column: 'uploads.created_at' }, { column: 'uploads.id' }])
    .select('uploads.id', 'uploads.resource_type', 'uploads.file_name', 'uploads.content_type', 'uploads.size_bytes', 'uploads.created_at', 'users.first_name', 'users.last_name');
  return rows.map(attachmentView);
}
