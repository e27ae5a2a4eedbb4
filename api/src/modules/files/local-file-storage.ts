import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { dataDir } from '@app/db';
import type { FileStorage } from './file-storage';

/** Where uploaded files are kept on this machine: UPLOADS_DIR, or .data/uploads. */
export function uploadsDir(): string {
  return path.resolve(process.env.UPLOADS_DIR ?? path.join(dataDir(), 'uploads'));
}

/** Files in a local folder; keys are relative paths that may never leave it. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string = uploadsDir()) {}

  get description(): string {
    return pathToFileURL(this.root).href;
  }

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`storage key outside the uploads folder: ${key}`);
    return resolved;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    await fs.promises.writeFile(`${file}.partial`, data);
    await fs.promises.rename(`${file}.partial`, file);
  }

  async open(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await fs.promises.access(file);
    return fs.createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
