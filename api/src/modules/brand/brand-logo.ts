import type { FileStorage } from '../files/file-storage';
import { fileStorage } from '../files/select-file-storage';
import { UPLOAD_LIMITS } from '../../rules';
import type { GroupBrand } from './group-brand';

/** Where a group's logo is served (rest/brand-logo.route.ts); `v` names the upload, so a new logo is a new address. */
export const brandLogoPath = (groupId: number, uploadId: number): string => `/api/v2/brand/${groupId}/logo?v=${uploadId}`;

/** Logos a PDF can draw (pdfkit reads PNG and JPEG), up to the size a logo upload may be; anything else is left out. */
const DRAWABLE = new Set(['image/png', 'image/jpeg']);
const MAX_LOGO_BYTES = UPLOAD_LIMITS.ENTITY_CONFIGURATION_ASSET!.maxBytes;

/** Uploads never change under their key: each logo is read once per process, however many statements draw it. */
const cache = new Map<string, Promise<Buffer | null>>();

async function read(storage: FileStorage, key: string): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await storage.open(key)) {
    size += (chunk as Buffer).length;
    if (size > MAX_LOGO_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The brand's logo as PNG or JPEG bytes, or null (none, another format, too large, or unreadable: the mark is drawn instead). */
export function brandLogoImage(brand: GroupBrand, storage: FileStorage = fileStorage()): Promise<Buffer | null> {
  const logo = brand.logo;
  if (!logo || !DRAWABLE.has(logo.contentType)) return Promise.resolve(null);
  let image = cache.get(logo.storageKey);
  if (!image) {
    // A failed read is not kept: the next statement tries again.
    image = read(storage, logo.storageKey).catch(() => {
      cache.delete(logo.storageKey);
      return null;
    });
    cache.set(logo.storageKey, image);
  }
  return image;
}
