export type { FileStorage } from './file-storage';
export { LocalFileStorage, uploadsDir } from './local-file-storage';
export { fileStorage } from './select-file-storage';
export { storeUpload, type NewUpload } from './store-upload.service';
