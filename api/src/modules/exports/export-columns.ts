import { columnOf, fieldLabel, type FieldKind, type ResourceSpec } from '../../rules';

/**
 * The columns of an export: every catalogue field of the resource (or the ones asked for), in catalogue
 * order, with its header label and the SQL that reads it as text. A CSV line is built by PostgreSQL in
 * the cursor's query (csvLineSql); XLSX cells come as raw text (no type parsing) and are typed here.
 *
 * Value choices (for machines first; the XLSX is for people):
 * - CSV: dates `YYYY-MM-DD`, instants ISO 8601 UTC (as the GraphQL list shows them), money (integer pence
 *   in the database) as pounds with 2 decimals and no £ sign ("1234.50"), decimals without trailing zeros
 *   (as the list shows them), enum values as stored (ACTIVE, not "Active"), booleans true/false, empty for null.
 * - XLSX: numbers as numbers, money as a number in pounds formatted £#,##0.00, dates as Excel dates shown
 *   DD/MM/YYYY, instants as ISO UTC text (Excel dates have no time zone), header row bold.
 */
export interface ExportColumn {
  name: string;
  kind: FieldKind;
  /** An enum whose stored values never need CSV quoting (no comma, quote or line break). */
  plain?: boolean;
  label: string;
  /** The select-list expression, yielding the value's text form. */
  sql: string;
}

/** The back office's column title, with "(£)" on money. */
export function exportLabel(name: string, kind: FieldKind): string {
  const label = fieldLabel(name);
  return kind === 'money' ? `${label} (£)` : label;
}

const NEEDS_QUOTES = /[",\r\n]/;
const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function exportColumns(spec: ResourceSpec, fields?: readonly string[] | null): ExportColumn[] {
  const names = fields?.length ? Object.keys(spec.fields).filter((name) => fields.includes(name)) : Object.keys(spec.fields);
  return names.map((name) => {
    const field = spec.fields[name]!;
    const column = `${quoteIdentifier(spec.table)}.${quoteIdentifier(columnOf(name, field))}`;
    const sql = field.kind === 'datetime' ? `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : column;
    const plain = field.kind === 'enum' && (field.values ?? []).every((value) => !NEEDS_QUOTES.test(value));
    return { name, kind: field.kind, label: exportLabel(name, field.kind), sql, plain };
  });
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (header rows; data lines are built in SQL) with its CRLF. */
export function csvLine(values: ReadonlyArray<string>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A value's CSV field, in SQL: PostgreSQL formats and quotes it (the values choices above), '' for null. */
function csvFieldSql(column: ExportColumn): string {
  const value = column.sql;
  switch (column.kind) {
    case 'int':
    case 'ref':
    case 'date':
    case 'datetime':
      return `coalesce((${value})::text, '')`;
    case 'enum':
      if (column.plain) return `coalesce((${value})::text, '')`;
      return quotedSql(value);
    case 'money':
      return `coalesce((${value} / 100.0)::numeric(20, 2)::text, '')`;
    case 'decimal':
      return `coalesce(trim_scale(${value})::text, '')`;
    case 'boolean':
      return `CASE WHEN ${value} THEN 'true' WHEN NOT ${value} THEN 'false' ELSE '' END`;
    default:
      return quotedSql(value);
  }
}

/** Text quoted when it holds a comma, quote or line break (strpos is cheaper than a regular expression here). */
function quotedSql(value: string): string {
  const text = `(${value})::text`;
  const special = `strpos(${text}, ',') + strpos(${text}, '"') + strpos(${text}, chr(10)) + strpos(${text}, chr(13)) > 0`;
  return `CASE WHEN ${special} THEN '"' || replace(${text}, '"', '""') || '"' ELSE coalesce(${text}, '') END`;
}

/**
 * The select-list expression of a whole CSV line (without its CRLF): the database builds each line, so the
 * exporter only fetches one text per row through its cursor and writes it — close to COPY's speed.
 */
export function csvLineSql(columns: readonly ExportColumn[]): string {
  return `concat_ws(',', ${columns.map(csvFieldSql).join(', ')})`;
}

export type CellValue = string | number | boolean | Date | null;

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
    case 'boolean':
      return raw === 't';
    default:
      return raw;
  }
}

export const XLSX_FORMATS: Partial<Record<FieldKind, string>> = {
  money: '"£"#,##0.00;-"£"#,##0.00',
  date: 'dd/mm/yyyy',
};
