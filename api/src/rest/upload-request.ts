import express, { type Request, type RequestHandler } from 'express';
import { DomainError } from '../errors/domain-error';

/*
 * What the upload routes read from a request: the file is the body itself (its Content-Type, its name in
 * `X-File-Name`), so a file of megabytes is never base64 in JSON; the group is X-Group-ID as everywhere else.
 */

/** X-Group-ID (or `groupId` on a plain download link), a positive whole number. */
export function groupOf(req: Request): number | null {
  const value = req.get('x-group-id') ?? (typeof req.query.groupId === 'string' ? req.query.groupId : undefined);
  if (value === undefined || value === '') return null;
  if (!/^[1-9]\d{0,9}$/.test(value)) throw DomainError.invalid([{ field: 'X-Group-ID', rule: 'type', message: 'must be a positive whole number' }]);
  return Number(value);
}

/** The file's name: `X-File-Name` (URI-encoded) or `?fileName=`. */
export function fileNameOf(req: Request): string {
  const header = req.get('x-file-name');
  try {
    return header !== undefined ? decodeURIComponent(header) : typeof req.query.fileName === 'string' ? req.query.fileName : '';
  } catch {
    return '';
  }
}

/** The body as bytes whatever its type, up to `maxBytes` (one byte more is let through so the service names the limit). */
export const rawBody = (maxBytes: number): RequestHandler => express.raw({ type: () => true, limit: maxBytes + 1 });

/** The uploaded file of a request parsed by rawBody(). */
export function uploadedFile(req: Request): { fileName: string; contentType: string; data: Buffer } {
  return { fileName: fileNameOf(req), contentType: req.get('content-type') ?? '', data: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0) };
}

/** A query parameter as given, or undefined (an array, from a repeated parameter, is not a value). */
export const queryValue = (req: Request, name: string): string | undefined => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined);
