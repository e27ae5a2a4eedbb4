import { isCalendarDate } from './validation';

/**
 * A readings file staff import (CSV or XLSX, first sheet): one row per meter register and date. Columns
 * by header name, any order and case: meter (serial number or MPxN), date (YYYY-MM-DD or DD/MM/YYYY),
 * register (SINGLE, DAY or NIGHT; SINGLE when empty), value, source (BACK_OFFICE when empty), type (ACTUAL
 * when empty) and confirmed (yes to accept a reading lower than the last or implausibly high).
 */
export const READING_IMPORT_COLUMNS = ['meter', 'date', 'register', 'value', 'source', 'type', 'confirmed'] as const;
export const READING_IMPORT_REQUIRED = ['meter', 'date', 'value'] as const;

export const READING_IMPORT_TYPES: Readonly<Record<string, string>> = {
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};
export const READING_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows of one file: a month of a large portfolio's reads; bigger files are split. */
export const READING_IMPORT_MAX_ROWS = 100_000;

export const READING_IMPORT_MESSAGES = {
  type: 'The file must be a CSV or an XLSX',
  size: 'The file must be at most 20 MB',
  empty: 'The file is empty',
  tooManyRows: `A readings file has at most ${READING_IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows: split it`,
  missingColumns: (columns: readonly string[]) => `The file has no ${columns.join(', ')} column${columns.length > 1 ? 's' : ''}: the first row names the columns meter, date, register, value, source, type`,
  meterRequired: 'Meter is required',
  meterNotFound: (meter: string) => `Meter ${meter} not found`,
  meterInactive: (meter: string) => `Meter ${meter} is no longer in use`,
  date: 'Date must be a date as YYYY-MM-DD or DD/MM/YYYY',
  register: (registers: readonly string[]) => `This meter's register is ${registers.join(' or ')}`,
  value: 'Enter the reading as a number of at most 3 decimal places',
  source: (value: string) => `Unknown source ${value}`,
  readingType: (value: string) => `Unknown reading type ${value}`,
  duplicate: 'There is already a reading for this meter, register and date',
  duplicateInFile: (line: number) => `The same meter, register and date as row ${line}`,
} as const;

/** 2026-11-20 or 20/11/2026 → 2026-11-20; null when neither is a real date. */
export function importDate(value: string): string | null {
  const text = value.trim();
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = uk ? `${uk[3]}-${uk[2]!.padStart(2, '0')}-${uk[1]!.padStart(2, '0')}` : text.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && (uk || text.length === 10 || /^\d{4}-\d{2}-\d{2}T/.test(text)) && isCalendarDate(iso) ? iso : null;
}
