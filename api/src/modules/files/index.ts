export type { FileStorage } from './file-storage';
export { LocalFileStorage, uploadsDir } from './local-file-storage';
export { fileStorage } from './select-file-storage';
export { storeUpload, type NewUpload } from './store-upload.service';
export type { AttachmentCaller } from './attachment-owner';
export type { AttachmentView } from './attachment-view';
export { attachFile, type AttachedFile } from './attach-file.service';
export { listAttachments } from './list-attachments.service';
export { openAttachment } from './open-attachment.service';
