import path from 'node:path';
import { dataDir, type Knex } from '@app/db';

export const EXPORT_FORMATS = ['csv', 'xlsx', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** A finished file stays downloadable for a day; `exports.cleanup` then deletes it. */
export const EXPORT_TTL_HOURS = 24;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** Where export files live: EXPORTS_DIR, or .data/exports (DATA_DIR/exports). Rows keep paths relative to it. */
export function exportsDir(): string {
  return path.resolve(process.env.EXPORTS_DIR ?? path.join(dataDir(), 'exports'));
}

/** The absolute path of a stored relative path, refusing anything that would leave the exports folder. */
export function exportFilePath(storagePath: string): string {
  const root = exportsDir();
  const resolved = path.resolve(root, storagePath);
  if (!resolved.startsWith(root + path.sep)) throw new Error(`export storage path outside the exports folder: ${storagePath}`);
  return resolved;
}

export interface ExportFileRow {
  id: string;
  user_id: number;
  group_id: number | null;
  resource: string;
  format: ExportFormat;
  file_name: string;
  filter: Record<string, unknown>;
  sort_field: string | null;
  sort_order: string | null;
  fields: string[] | null;
  status: ExportStatus;
  row_count: number;
  total_rows: number | null;
  bytes: number;
  error: string | null;
  storage_path: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  expires_at: Date;
  file_deleted_at: Date | null;
}

export const exportFiles = (db: Knex) => db<ExportFileRow>('export_files');
