import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';

let storage: FileStorage | null = null;

/** The storage of this process, chosen once from configuration (the local folder unless configured otherwise). */
export function fileStorage(): FileStorage {
  storage ??= new LocalFileStorage();
  return storage;
}
