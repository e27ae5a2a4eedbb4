import type { UploadResourceType } from './uploads';

/**
 * Files people attach to a record, listed on that record's page: what each record takes, and where it is sent.
 * Types and sizes of each kind are UPLOAD_LIMITS (uploads.ts); the record decides who may see and add them.
 */
export const ATTACHMENT_OWNERS = {
  houseVisit: { resource: 'HouseVisit', column: 'house_visit_id', types: ['HOUSE_VISIT_JOB_ATTACHMENT'], uploadPath: '/api/v2/uploads/house-visit-attachments', idParam: 'houseVisitId' },
  comment: { resource: 'Comment', column: 'comment_id', types: ['COMMENT_ATTACHMENT'], uploadPath: '/api/v2/uploads/comment-attachments', idParam: 'commentId' },
  tenant: { resource: 'Tenant', column: 'tenant_id', types: ['TENANCY_AGREEMENT', 'PROOF_OF_ADDRESS'], uploadPath: '/api/v2/uploads/tenant-documents', idParam: 'tenantId' },
} as const satisfies Record<string, { resource: string; column: string; types: readonly UploadResourceType[]; uploadPath: string; idParam: string }>;

export type AttachmentOwner = keyof typeof ATTACHMENT_OWNERS;

/** The download path of a stored attachment (a link adds a short-lived `?jwt=` download token). */
export const attachmentDownloadPath = (uploadId: number | string): string => `/api/v2/uploads/files/${uploadId}`;
