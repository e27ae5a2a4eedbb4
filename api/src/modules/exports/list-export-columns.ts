import { columnOf, fieldLabel, LONDON_TIME_ZONE, type FieldSpec, type ResourceSpec } from '../../rules';
import { displayDateSql, displayDateTimeSql, enumLabelSql, poundsSql, quotedCsvSql, yesNoSql } from './display-sql';
import type { ExportColumn } from './export-columns';
import { referenceNameSql } from './reference-names';

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Whether the export may carry the names of the records a reference type points at (reference-names.ts mayName). */
export type MayName = (ref: string) => boolean;

/**
 * The columns of a list's export: every catalogue field of the resource (or the ones asked for), in catalogue
 * order, headed by the list's labels and written as the list shows them — enum labels in words, £ amounts,
 * DD/MM/YYYY dates, London date-times, Yes/No — so a spreadsheet reads like the screen. A reference is two
 * columns: the record's name ("House") where the owner may read it, then its id ("House ID") for matching.
 * XLSX keeps numbers, money and dates as typed cells with those formats, so they still sum and sort.
 */
export function exportColumns(spec: ResourceSpec, fields: readonly string[] | null | undefined, mayName: MayName): ExportColumn[] {
  const names = fields?.length ? Object.keys(spec.fields).filter((name) => fields.includes(name)) : Object.keys(spec.fields);
  return names.flatMap((name) => fieldColumns(spec, name, spec.fields[name]!, mayName));
}

function fieldColumns(spec: ResourceSpec, name: string, field: FieldSpec, mayName: MayName): ExportColumn[] {
  const sqlColumn = columnOf(name, field);
  const column = `${quoteIdentifier(spec.table)}.${quoteIdentifier(sqlColumn)}`;
  const label = fieldLabel(name);
  const nullable = (text: string) => `coalesce(${text}, '')`;
  switch (field.kind) {
    case 'ref': {
      const id: ExportColumn = { name, kind: 'ref', label: `${label} ID`, sql: column };
      const named = field.ref && mayName(field.ref) ? referenceNameSql(name, field, spec.table, sqlColumn) : undefined;
      if (!named) return [id];
      return [{ name: `${name}.name`, kind: 'string', label, sql: named.sql, csv: quotedCsvSql(named.sql), ...(named.join ? { join: named.join } : {}) }, id];
    }
    case 'enum': {
      const values = field.values ?? [];
      return [{ name, kind: 'string', label, sql: enumLabelSql(column, values), csv: nullable(enumLabelSql(column, values, true)) }];
    }
    case 'money': {
      // "£1,234.56" has a comma from £1,000 up: quoted then.
      const pounds = poundsSql(column);
      return [{ name, kind: 'money', label, sql: column, csv: `CASE WHEN ${column} IS NULL THEN '' WHEN abs(${column}) >= 100000 THEN '"' || ${pounds} || '"' ELSE ${pounds} END` }];
    }
    case 'date':
      return [{ name, kind: 'date', label, sql: column, csv: nullable(displayDateSql(column)) }];
    case 'datetime':
      // Excel dates have no time zone: the cell holds London's wall-clock time (written as if UTC, which is how
      // exceljs stores a Date), so it reads 14:05 where the screen says 14:05. CSV: "21/11/2026, 14:05".
      return [
        {
          name,
          kind: 'datetime',
          label,
          sql: `to_char(${column} AT TIME ZONE '${LONDON_TIME_ZONE}', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
          csv: `CASE WHEN ${column} IS NULL THEN '' ELSE '"' || ${displayDateTimeSql(column)} || '"' END`,
        },
      ];
    case 'boolean':
      return [{ name, kind: 'string', label, sql: yesNoSql(column), csv: nullable(yesNoSql(column)) }];
    default:
      return [{ name, kind: field.kind, label, sql: column }];
  }
}
