import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The product stores and serves every person's file through this interface
 * (photos of readings, attachments, tenancy agreements); the uploads table keeps the key, never a path.
 * The local folder is the default; an S3-compatible bucket can stand in by configuration.
 */
export interface FileStorage {
  /** Printed at start, e.g. `file:///…/.data/uploads`. */
  readonly description: string;
  put(key: string, data: Buffer): Promise<void>;
  open(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
}
