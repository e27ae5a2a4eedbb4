import type { RecordImport } from '@app/db';
import { RECORD_IMPORT_MESSAGES, RECORD_IMPORT_SPECS } from '../../rules';

/** What staff see of a records import: its progress and counts, and where its invalid rows file is. */
export interface RecordImportView {
  id: number;
  kind: RecordImport['kind'];
  /** "Tenants", "Tariffs", … */
  kindLabel: string;
  status: RecordImport['status'];
  fileName: string;
  totalRows: number;
  processedRows: number;
  importedRows: number;
  rejectedRows: number;
  /** 0–100 */
  progress: number;
  /** The import's own message (§8 "custom message"): why a file was refused, or the counts once done. */
  message: string | null;
  /** The invalid rows file (§8) with the reason of each row, once the import is done and some were rejected. */
  rejectedRowsUrl: string | null;
}

export const recordImportPath = (id: number): string => `/api/v2/uploads/import/${id}`;

export function recordImportView(row: RecordImport): RecordImportView {
  const progress = row.status === 'DONE' ? 100 : row.totalRows ? Math.min(99, Math.floor((100 * row.processedRows) / row.totalRows)) : 0;
  return {
    id: row.id,
    kind: row.kind,
    kindLabel: RECORD_IMPORT_SPECS[row.kind].label,
    status: row.status,
    fileName: row.fileName,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    importedRows: row.importedRows,
    rejectedRows: row.rejectedRows,
    progress,
    message: row.status === 'DONE' ? RECORD_IMPORT_MESSAGES.summary(row.importedRows, row.rejectedRows) : row.error,
    rejectedRowsUrl: row.rejectedStorageKey ? `${recordImportPath(row.id)}/rejected-rows` : null,
  };
}
