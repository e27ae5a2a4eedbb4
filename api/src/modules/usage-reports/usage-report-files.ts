import path from 'node:path';
import type { Knex } from '@app/db';
import { uploadsDir } from '../files/local-file-storage';

/** An uploads row as the usage reports read and write it. */
export interface UsageReportRow {
  id: number;
  group_id: number;
  resource_type: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  uploaded_by_user_id: number | null;
  status: 'IN_PROGRESS' | 'READY' | 'FAILED';
  row_count: number | null;
  total_rows: number | null;
  error: string | null;
  agency_id: number | null;
  period_start: string;
  period_end: string;
  created_at: Date;
  finished_at: Date | null;
}

export const usageReports = (db: Knex) => db<UsageReportRow>('uploads').where({ resource_type: 'USAGE_REPORT' });

/** The absolute path of an upload's storage key, refusing anything that would leave the uploads folder. */
export function uploadFilePath(storageKey: string): string {
  const root = uploadsDir();
  const resolved = path.resolve(root, storageKey);
  if (!resolved.startsWith(root + path.sep)) throw new Error(`upload storage key outside the uploads folder: ${storageKey}`);
  return resolved;
}

/** What staff (and later the agent portal) see of a report. */
export interface UsageReportView {
  id: string;
  fileName: string;
  status: UsageReportRow['status'];
  /** 0–100: rows written of the rows counted when the job started. */
  progress: number;
  rowCount: number | null;
  totalRows: number | null;
  sizeBytes: number;
  error: string | null;
  periodStart: string;
  periodEnd: string;
  agencyId: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** Where to fetch the file (add the token as `jwt`) once READY. */
  downloadPath: string | null;
}

export function toUsageReportView(row: UsageReportRow): UsageReportView {
  const progress = row.status === 'READY' ? 100 : row.total_rows ? Math.min(99, Math.floor((100 * Number(row.row_count ?? 0)) / Number(row.total_rows))) : 0;
  return {
    id: String(row.id),
    fileName: row.file_name,
    status: row.status,
    progress,
    rowCount: row.row_count === null ? null : Number(row.row_count),
    totalRows: row.total_rows === null ? null : Number(row.total_rows),
    sizeBytes: Number(row.size_bytes),
    error: row.error,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    agencyId: row.agency_id === null ? null : String(row.agency_id),
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    downloadPath: row.status === 'READY' ? `/api/v2/usage-reports/${row.id}/download` : null,
  };
}
