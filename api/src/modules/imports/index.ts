/** Bulk imports staff upload (readings files, then records of other kinds): a request that stores the file and a job that applies it. */
export { requestReadingImport, readingImportStatus, type ImportCaller, type ImportFile } from './request-reading-import.service';
export { runReadingImport } from './run-reading-import.service';
export { readingImportView, type ReadingImportView } from './reading-import-view';
export { openRejectedRows } from './rejected-rows.service';
export { requestRecordImport, recordImportStatus, openRecordImportRejectedRows, type RecordImportCaller } from './request-record-import.service';
export { runRecordImport } from './run-record-import.service';
export { recordImportView, type RecordImportView } from './record-import-view';
export { voidBillsFromFile, type VoidBillsResult } from './void-bills-file.service';
