import { tokenPermissions, secureDownloadUrl } from '@app/api/client';
import { hasAreaLevel, RECORD_IMPORT_KINDS, RECORD_IMPORT_MESSAGES, RECORD_IMPORT_SPECS, type BackofficeArea } from '@app/api/rules';
import { getJson, sendFile } from './rest-api';

/** What a file import can hold: readings (their own route), or records of one kind (POST /uploads/import?kind=). */
export type ImportChoice = 'READINGS' | (typeof RECORD_IMPORT_KINDS)[number];

interface ChoiceSpec {
  label: string;
  area: BackofficeArea;
  columns: string;
  start: string;
}

export const IMPORT_CHOICES: Readonly<Record<ImportChoice, ChoiceSpec>> = {
  READINGS: { label: 'Meter readings', area: 'meterReadings', columns: 'meter, date, register, value, source, type, confirmed', start: '/api/v2/uploads/upload-readings' },
  ...(Object.fromEntries(RECORD_IMPORT_KINDS.map((kind) => [kind, { label: RECORD_IMPORT_SPECS[kind].label, area: RECORD_IMPORT_SPECS[kind].area, columns: RECORD_IMPORT_SPECS[kind].example, start: '/api/v2/uploads/import' }])) as Record<(typeof RECORD_IMPORT_KINDS)[number], ChoiceSpec>),
};

/** The kinds this member of staff may import: WRITE on the area of the records each creates. */
export const importChoices = (): ImportChoice[] => (Object.keys(IMPORT_CHOICES) as ImportChoice[]).filter((choice) => hasAreaLevel(tokenPermissions(), IMPORT_CHOICES[choice].area, 'WRITE'));

/** An import's progress, readings or records alike (the server's two views share these fields). */
export interface ImportStatus {
  id: number;
  status: 'PENDING' | 'IN_PROGRESS' | 'DONE' | 'FAILED';
  fileName: string | null;
  totalRows: number;
  importedRows: number;
  rejectedRows: number;
  progress: number;
  /** Records: the import's own message; readings: its error. */
  message?: string | null;
  error?: string | null;
  rejectedRowsUrl: string | null;
}

/** Sends the file; the same file sent before answers the import it already was. */
export async function startImport(choice: ImportChoice, file: File, groupId: number): Promise<ImportStatus> {
  return sendFile<ImportStatus>(IMPORT_CHOICES[choice].start, file, groupId, choice === 'READINGS' ? {} : { kind: choice });
}

/**
 * An import's progress. With `waitMs`, a long-poll: the server answers at once when the import has stopped, else the
 * moment its job moves it on, else after `waitMs` (it caps that at 25 s) — so the dialog follows the job with no pause.
 */
export const fetchImport = (choice: ImportChoice, id: number, groupId: number, waitMs = 0): Promise<ImportStatus> =>
  getJson<ImportStatus>(`${IMPORT_CHOICES[choice].start}/${id}${waitMs > 0 ? `?wait=${waitMs}` : ''}`, groupId);

/** What to tell staff once an import has stopped: the counts, or why the file was refused (§8 custom message). */
export function importOutcome(status: ImportStatus): string {
  if (status.status === 'FAILED') return status.message ?? status.error ?? 'The file could not be imported';
  return status.message ?? RECORD_IMPORT_MESSAGES.summary(status.importedRows, status.rejectedRows);
}

/** The invalid rows file's link: a download token for it, and the group its import belongs to. */
export async function invalidRowsUrl(status: ImportStatus, groupId: number): Promise<string> {
  return `${await secureDownloadUrl(status.rejectedRowsUrl!, groupId)}&groupId=${groupId}`;
}
