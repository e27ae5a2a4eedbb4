import path from 'node:path';
import { DomainError } from '../../errors/domain-error';
import { READING_IMPORT_MAX_BYTES, READING_IMPORT_MESSAGES, READING_IMPORT_TYPES, UPLOAD_MESSAGES } from '../../rules';

/** A spreadsheet staff send to an import: the bytes, the name and the type the browser gave. */
export interface ImportFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

export type SheetKind = 'csv' | 'xlsx';

export const refuseFile = (message: string): DomainError => DomainError.invalid([{ field: 'file', rule: 'upload', message }]);

/** csv or xlsx from the content type, or from the name when a browser sends a generic type. */
export function sheetKindOf(file: Pick<ImportFile, 'fileName' | 'contentType'>): SheetKind {
  const type = file.contentType.split(';')[0]!.trim().toLowerCase();
  const byType = READING_IMPORT_TYPES[type];
  const extension = path.extname(file.fileName).toLowerCase();
  const byName = extension === '.csv' ? 'csv' : extension === '.xlsx' ? 'xlsx' : undefined;
  const kind = byType ?? (['application/octet-stream', 'application/vnd.ms-excel', ''].includes(type) ? byName : undefined);
  if (kind !== 'csv' && kind !== 'xlsx') throw refuseFile(READING_IMPORT_MESSAGES.type);
  return kind;
}

/**
 * Every import file (readings or records): a name a person can read, a CSV or an XLSX, not empty, at most
 * 20 MB. Answers its kind and its trimmed name; refuses with a field error on `file` otherwise.
 */
export function checkImportFile(file: ImportFile): { kind: SheetKind; fileName: string } {
  const fileName = file.fileName.trim();
  if (!fileName || fileName.length > 200 || [...fileName].some((char) => char.charCodeAt(0) < 32 || char === '/' || char === '\\')) throw refuseFile(UPLOAD_MESSAGES.name);
  const kind = sheetKindOf(file);
  if (!file.data.length) throw refuseFile(READING_IMPORT_MESSAGES.empty);
  if (file.data.length > READING_IMPORT_MAX_BYTES) throw refuseFile(READING_IMPORT_MESSAGES.size);
  return { kind, fileName };
}

export const sheetContentType = (kind: SheetKind): string => (kind === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
