import { labelFor, LONDON_TIME_ZONE, type FieldKind } from '../../rules';

/**
 * A value as the back office shows it, written in SQL so that PostgreSQL puts the list's words into each export
 * row: the cursor or COPY then fetches finished text (formatting a million rows in JavaScript costs seconds).
 * Each expression gives the same text as the rules' labelFor, formatPounds and formatDisplayDate and the
 * screens' "21/11/2026, 14:05" (display-sql.test.ts holds them to it), and NULL for NULL.
 */

/** A string as an SQL literal. */
export const sqlLiteral = (text: string): string => `'${text.replace(/'/g, "''")}'`;

const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * An enum value's label: `CASE value WHEN 'ACTIVE' THEN 'Active' … END` from labelFor, with each label already
 * quoted for a CSV line when `forCsv` (a lookup per row; no quoting work). A value outside the set stays as stored.
 */
export function enumLabelSql(value: string, values: readonly string[], forCsv = false): string {
  const label = (stored: string) => sqlLiteral(forCsv ? csvField(labelFor(stored, values)) : labelFor(stored, values));
  return `CASE ${value}::text ${values.map((stored) => `WHEN ${sqlLiteral(stored)} THEN ${label(stored)}`).join(' ')} ELSE ${value}::text END`;
}

/** Integer pence as formatPounds writes it: "£1,234.56", "-£0.05". */
export const poundsSql = (pence: string): string => `(CASE WHEN ${pence} < 0 THEN '-£' ELSE '£' END || to_char(abs(${pence}) / 100.0, 'FM999,999,999,999,990.00'))`;

/** A calendar date as DD/MM/YYYY (formatDisplayDate). */
export const displayDateSql = (date: string): string => `to_char(${date}, 'DD/MM/YYYY')`;

/** An instant as the screens show it: London time, "21/11/2026, 14:05". */
export const displayDateTimeSql = (instant: string): string => `to_char(${instant} AT TIME ZONE '${LONDON_TIME_ZONE}', 'DD/MM/YYYY, HH24:MI')`;

/** A boolean in words. */
export const yesNoSql = (value: string): string => `(CASE WHEN ${value} THEN 'Yes' WHEN NOT ${value} THEN 'No' END)`;

/** Any field's value as the screens write it in words (references as their id: their names are joined apart). */
export function displaySql(kind: FieldKind, value: string, values: readonly string[] = []): string {
  switch (kind) {
    case 'enum':
      return enumLabelSql(value, values);
    case 'money':
      return poundsSql(value);
    case 'date':
      return displayDateSql(value);
    case 'datetime':
      return displayDateTimeSql(value);
    case 'boolean':
      return yesNoSql(value);
    case 'decimal':
      return `trim_scale(${value})::text`;
    default:
      return `(${value})::text`;
  }
}

/** Text quoted for CSV when it holds a comma, quote or line break ('' for NULL; strpos is cheaper than a regular expression). */
export function quotedCsvSql(value: string): string {
  const text = `(${value})::text`;
  const special = `strpos(${text}, ',') + strpos(${text}, '"') + strpos(${text}, chr(10)) + strpos(${text}, chr(13)) > 0`;
  return `CASE WHEN ${special} THEN '"' || replace(${text}, '"', '""') || '"' ELSE coalesce(${text}, '') END`;
}
