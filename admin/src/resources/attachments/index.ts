/** Files on records: the panel listing and adding them, and the pages of the records that take them. */
export { AttachmentsPanel } from './AttachmentsPanel';
export { CommentShow, TenantShow } from './ShowWithFiles';
