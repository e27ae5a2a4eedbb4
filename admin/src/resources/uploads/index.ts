/** Uploading files: imports of records, voiding bills from a file, and the helpers the attachment panels share. */
export { UploadList } from './UploadList';
