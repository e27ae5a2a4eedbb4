import type { FieldKind } from '../../rules';
import { csvField, quotedCsvSql } from './display-sql';

export { csvField };

/**
 * A column of an exported file: its header, the SQL that reads it as text, and how that text is written. A CSV
 * line is built by PostgreSQL in the cursor's query (csvLineSql); XLSX cells come as raw text and are typed here.
 *
 * Without `csv`, a column's CSV field is the machine form of its kind (the finance and usage-report files,
 * which other programs import): dates `YYYY-MM-DD`, money in pounds with 2 decimals and no £ sign, decimals
 * without trailing zeros, enum values as stored, booleans true/false, empty for null. A list's export gives
 * each column the list's words instead (list-export-columns.ts). XLSX: numbers as numbers, money a number shown
 * £#,##0.00, dates and instants as Excel dates shown DD/MM/YYYY (hh:mm), header row bold.
 */
export interface ExportColumn {
  name: string;
  kind: FieldKind;
  /** An enum whose stored values never need CSV quoting (no comma, quote or line break). */
  plain?: boolean;
  label: string;
  /** The select-list expression, yielding the value's text form (an XLSX cell's raw text). */
  sql: string;
  /** The CSV field in SQL, quoted and '' for null, when it is not the kind's machine form. */
  csv?: string;
  /** A table joined to read this column (a reference's name), joined once however many columns use it. */
  join?: ExportJoin;
}

/** LEFT JOIN `table` AS `alias` ON `alias`.id = `on` (knex identifiers, `table.column`). */
export interface ExportJoin {
  table: string;
  alias: string;
  on: string;
}

/** One CSV line (header rows; data lines are built in SQL) with its CRLF. */
export function csvLine(values: ReadonlyArray<string>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A value's CSV field, in SQL: the column's own (`csv`), else PostgreSQL formats and quotes the kind's machine form. */
function csvFieldSql(column: ExportColumn): string {
  if (column.csv) return column.csv;
  const value = column.sql;
  switch (column.kind) {
    case 'int':
    case 'ref':
    case 'date':
    case 'datetime':
      return `coalesce((${value})::text, '')`;
    case 'enum':
      if (column.plain) return `coalesce((${value})::text, '')`;
      return quotedCsvSql(value);
    case 'money':
      return `coalesce((${value} / 100.0)::numeric(20, 2)::text, '')`;
    case 'decimal':
      return `coalesce(trim_scale(${value})::text, '')`;
    case 'boolean':
      return `CASE WHEN ${value} THEN 'true' WHEN NOT ${value} THEN 'false' ELSE '' END`;
    default:
      return quotedCsvSql(value);
  }
}

/**
 * The select-list expression of a whole CSV line (without its CRLF): the database builds each line, so the
 * exporter only fetches one text per row through its cursor and writes it — close to COPY's speed.
 */
export function csvLineSql(columns: readonly ExportColumn[]): string {
  return `concat_ws(',', ${columns.map(csvFieldSql).join(', ')})`;
}

export type CellValue = string | number | boolean | Date | null;

/** An instant's raw text that parses as a date (the list exports' London wall clock, see list-export-columns.ts). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** How each kind's raw text becomes an XLSX cell value (typed, so Excel can sum and sort it). */
export function xlsxCell(kind: FieldKind, raw: string | null | undefined): CellValue {
  if (raw === null || raw === undefined) return null;
  switch (kind) {
    case 'int':
    case 'ref':
    case 'decimal':
      return Number(raw);
    case 'money':
      return Number(raw) / 100;
    case 'date':
      return new Date(`${raw}T00:00:00Z`);
    case 'datetime':
      return INSTANT.test(raw) ? new Date(raw) : raw;
    case 'boolean':
      return raw === 't';
    default:
      return raw;
  }
}

export const XLSX_FORMATS: Partial<Record<FieldKind, string>> = {
  money: '"£"#,##0.00;-"£"#,##0.00',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};
