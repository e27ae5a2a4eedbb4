import type { UPLOAD_RESOURCE_TYPES } from './value-sets';

export type UploadResourceType = (typeof UPLOAD_RESOURCE_TYPES)[number];

/**
 * What each kind of upload may be: its content types and largest size. Checked in the browser before a file
 * is sent and on the server before it is stored. A kind not listed here is written by the product itself
 * (reports, statements) and is never accepted from a person.
 */
const IMAGES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
const DOCUMENTS = [...IMAGES, 'application/pdf'] as const;
const SHEETS = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;
const MB = 1024 * 1024;

export interface UploadLimit {
  types: readonly string[];
  maxBytes: number;
}

export const UPLOAD_LIMITS: Partial<Record<UploadResourceType, UploadLimit>> = {
  READING: { types: IMAGES, maxBytes: 10 * MB },
  COMMENT_ATTACHMENT: { types: DOCUMENTS, maxBytes: 10 * MB },
  HOUSE_VISIT_JOB_ATTACHMENT: { types: DOCUMENTS, maxBytes: 10 * MB },
  TENANCY_AGREEMENT: { types: DOCUMENTS, maxBytes: 20 * MB },
  PROOF_OF_ADDRESS: { types: DOCUMENTS, maxBytes: 10 * MB },
  DD_PAPER_MANDATE: { types: DOCUMENTS, maxBytes: 10 * MB },
  ENERGY_BILL: { types: DOCUMENTS, maxBytes: 20 * MB },
  ENERGY_BILL_CONTRACT: { types: DOCUMENTS, maxBytes: 20 * MB },
  // A brand's logo: the types the statement PDF can draw.
  ENTITY_CONFIGURATION_ASSET: { types: ['image/png', 'image/jpeg'], maxBytes: 2 * MB },
  CC_STAGE_UPDATE: { types: SHEETS, maxBytes: 20 * MB },
};

export const UPLOAD_MESSAGES = {
  notAccepted: 'This kind of file cannot be uploaded here',
  type: (types: readonly string[]) => `The file must be one of: ${types.map((type) => type.split('/')[1]!.toUpperCase()).join(', ')}`,
  size: (maxBytes: number) => `The file must be at most ${Math.round(maxBytes / MB)} MB`,
  empty: 'The file is empty',
  name: 'The file needs a name of at most 200 characters',
} as const;

/** Null when the file may be stored as this kind of upload, else the reason in words. */
export function checkUploadFile(resourceType: UploadResourceType, file: { fileName: string; contentType: string; sizeBytes: number }): string | null {
  const limit = UPLOAD_LIMITS[resourceType];
  if (!limit) return UPLOAD_MESSAGES.notAccepted;
  const name = file.fileName.trim();
  if (!name || name.length > 200 || [...name].some((char) => char.charCodeAt(0) < 32 || char === '/' || char === '\\')) return UPLOAD_MESSAGES.name;
  if (!limit.types.includes(file.contentType.split(';')[0]!.trim().toLowerCase())) return UPLOAD_MESSAGES.type(limit.types);
  if (file.sizeBytes <= 0) return UPLOAD_MESSAGES.empty;
  if (file.sizeBytes > limit.maxBytes) return UPLOAD_MESSAGES.size(limit.maxBytes);
  return null;
}
