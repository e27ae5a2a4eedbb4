/** Bulk imports staff upload (readings files first): a request that stores the file and a job that applies it. */
export { requestReadingImport, readingImportStatus, type ImportCaller, type ImportFile } from './request-reading-import.service';
export { runReadingImport } from './run-reading-import.service';
export { readingImportView, type ReadingImportView } from './reading-import-view';
export { openRejectedRows } from './rejected-rows.service';
