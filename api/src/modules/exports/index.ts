/** List exports (CSV, XLSX, zip) as jobs: what the REST route, the workers and the bench use. */
export { requestExport, exportStatus, openExportDownload, toStatusView, type ExportCaller, type ExportStatusView } from './exports.service';
export { runExport, cleanupExpiredExports, reportJobProgress, PROGRESS_EVERY, type ExportProgress, type RunExportOutcome } from './run-export.service';
export { exportsDir, exportFilePath, EXPORT_TTL_HOURS, CONTENT_TYPES, type ExportFormat, type ExportStatus } from './export-files';
export { csvLineSql, xlsxCell, type CellValue } from './export-columns';
export { XlsxFileWriter } from './export-writers';
export { exportColumns, type MayName } from './list-export-columns';
export { mayName, type ExportReader } from './reference-names';
export { exportQuery, exportSql, countExportRows } from './export-query';
export { cursorBatches } from './row-cursor';
