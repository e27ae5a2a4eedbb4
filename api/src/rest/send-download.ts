import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

/** `filename` for old clients (ASCII, quotes escaped) and `filename*` (RFC 5987) for the real name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams a file the service has already checked (owner, permission, status) as an attachment. Download links
 * carry the token as `?jwt=`: the response is kept out of caches and out of the Referer of anything it links to.
 */
export async function sendDownload(res: Response, file: { path: string; fileName: string; contentType: string }): Promise<void> {
  res.set({
    'Content-Type': file.contentType,
    'Content-Disposition': attachment(file.fileName),
    'Content-Length': String(fs.statSync(file.path).size),
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
  await pipeline(fs.createReadStream(file.path), res);
}
