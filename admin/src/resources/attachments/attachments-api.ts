import { ATTACHMENT_OWNERS, checkUploadFile, type AttachmentOwner, type UploadResourceType } from '@app/api/rules';
import { callGraphql } from '../../providers/graphql-action';
import { sendFile } from '../uploads/rest-api';

/** One file on a record, as the API lists it (modules/files/attachment-view.ts). */
export interface Attachment {
  id: string;
  resourceType: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
  uploadedBy: string;
  downloadPath: string;
}

const FIELDS = 'id resourceType fileName contentType sizeBytes createdAt uploadedBy downloadPath';
const LISTS: Record<AttachmentOwner, string> = {
  houseVisit: `query ($id: ID!) { files: houseVisitAttachments(houseVisitId: $id) { ${FIELDS} } }`,
  comment: `query ($id: ID!) { files: commentAttachments(commentId: $id) { ${FIELDS} } }`,
  tenant: `query ($id: ID!) { files: tenantDocuments(tenantId: $id) { ${FIELDS} } }`,
};

export async function listAttachments(owner: AttachmentOwner, id: string | number, groupId: number): Promise<Attachment[]> {
  return (await callGraphql<{ files: Attachment[] }>(LISTS[owner], { id: String(id) }, groupId)).files;
}

/** Adds a file to a record; the kind must be one the record takes (a tenant's agreement or proof of address). */
export async function addAttachment(owner: AttachmentOwner, id: string | number, file: File, kind: UploadResourceType, groupId: number): Promise<Attachment> {
  const { uploadPath, idParam } = ATTACHMENT_OWNERS[owner];
  return sendFile<Attachment>(uploadPath, file, groupId, { [idParam]: String(id), type: kind });
}

/** The same check the server makes, before the file is sent: its type, size and name. */
export const fileProblem = (kind: UploadResourceType, file: File): string | null => checkUploadFile(kind, { fileName: file.name, contentType: file.type, sizeBytes: file.size });
