import { attachmentDownloadPath } from '../../rules';

/** What a record's page shows of one attached file. */
export interface AttachmentView {
  id: number;
  resourceType: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
  /** Who added it, by name (empty when the account is gone). */
  uploadedBy: string;
  /** GET it with a download token (`?jwt=`), asked for at the click. */
  downloadPath: string;
}

export interface AttachmentRow {
  id: number;
  resource_type: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Date | string;
  first_name?: string | null;
  last_name?: string | null;
}

export const attachmentView = (row: AttachmentRow): AttachmentView => ({
  id: row.id,
  resourceType: row.resource_type,
  fileName: row.file_name,
  contentType: row.content_type,
  sizeBytes: Number(row.size_bytes),
  createdAt: new Date(row.created_at).toISOString(),
  uploadedBy: [row.first_name, row.last_name].filter(Boolean).join(' '),
  downloadPath: attachmentDownloadPath(row.id),
});
