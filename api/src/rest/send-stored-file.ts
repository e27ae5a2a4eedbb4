import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

/** `filename` for old clients (ASCII, quotes escaped) and `filename*` (RFC 5987) for the real name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams a file from the file storage that the service has already checked (owner, permission, status) as an
 * attachment. Download links carry the token as `?jwt=`: the response is kept out of caches and out of the
 * Referer of anything it links to, and never sniffed into something the browser would run.
 */
export async function sendStoredFile(res: Response, file: { fileName: string; contentType: string; sizeBytes: number; stream: Readable }): Promise<void> {
  res.set({
    'Content-Type': file.contentType,
    'Content-Disposition': attachment(file.fileName),
    'Content-Length': String(file.sizeBytes),
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
  await pipeline(file.stream, res);
}
