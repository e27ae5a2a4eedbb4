import type { ReadingImport } from '@app/db';

/** What staff see of an import: its progress and counts, and where its rejected rows are. */
export interface ReadingImportView {
  id: number;
  status: ReadingImport['status'];
  fileName: string | null;
  totalRows: number;
  processedRows: number;
  importedRows: number;
  rejectedRows: number;
  /** 0–100 */
  progress: number;
  error: string | null;
  /** The rejected rows with their reasons (CSV), once the import is done and some were rejected. */
  rejectedRowsUrl: string | null;
}

export function readingImportView(row: ReadingImport): ReadingImportView {
  const progress = row.status === 'DONE' ? 100 : row.totalRows ? Math.min(99, Math.floor((100 * row.processedRows) / row.totalRows)) : 0;
  return {
    id: row.id,
    status: row.status,
    fileName: row.file?.fileName ?? null,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    importedRows: row.importedRows,
    rejectedRows: row.rejectedRows,
    progress,
    error: row.error,
    rejectedRowsUrl: row.rejectedUploadId ? `/api/v2/uploads/upload-readings/${row.id}/rejected-rows` : null,
  };
}
