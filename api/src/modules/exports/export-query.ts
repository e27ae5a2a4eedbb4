import type { Knex } from '@app/db';
import { applyFilters, applyPage, type ListArgs } from '../../graphql/list-query';
import type { ResourceSpec } from '../../rules';
import { listSpecOf } from '../records/record-mapping';
import { scopedQuery } from '../records/record-scope';
import { csvLineSql, type ExportColumn } from './export-columns';

export interface ExportSelection {
  spec: ResourceSpec;
  groupId: number | null;
  /** The partner a partner user's export is limited to (null for staff). */
  partnerId: number | null;
  filter: ListArgs['filter'];
  sortField?: string | null;
  sortOrder?: string | null;
}

/**
 * The admin list's own query — scopedQuery (group, row filter) + applyFilters(listSpecOf(spec)) + the list's
 * sort with its id tie-break — without the page, so the export is exactly the list the user filtered, row
 * for row and in the same order. Throws the list's field errors (filter.x, sortField, sortOrder, X-Group-ID).
 */
export function exportQuery(db: Knex, selection: ExportSelection): Knex.QueryBuilder {
  const list = listSpecOf(selection.spec);
  const filtered = applyFilters(scopedQuery(db, selection.spec, { groupId: selection.groupId, partnerId: selection.partnerId }), list, selection.filter);
  // applyPage validates and applies the sort exactly as the list does; the export then drops its page.
  const sorted = applyPage(filtered, list, { sortField: selection.sortField, sortOrder: selection.sortOrder, perPage: 1, page: 0 });
  return sorted.clear('limit').clear('offset');
}

/**
 * The export's SQL with $n placeholders, ready for a cursor or COPY: one column per field (`columns`, raw
 * text for the XLSX cells) or one CSV line per row (`csv-line`, built by PostgreSQL; `csv-line-crlf` with its
 * line break, for COPY), with the joins its reference names read from.
 */
export function exportSql(db: Knex, selection: ExportSelection, columns: readonly ExportColumn[], shape: 'columns' | 'csv-line' | 'csv-line-crlf' = 'columns'): { sql: string; bindings: unknown[] } {
  const line = shape === 'csv-line-crlf' ? `${csvLineSql(columns)} || E'\\r\\n'` : csvLineSql(columns);
  const select = shape === 'columns' ? columns.map((column) => db.raw(column.sql)) : [db.raw(`${line} AS line`)];
  const query = exportQuery(db, selection).select(select);
  // The tables the columns read names from, each once; LEFT, so a row whose reference is empty stays.
  const joins = new Map(columns.flatMap((column) => (column.join ? [[column.join.alias, column.join] as const] : [])));
  for (const join of joins.values()) query.leftJoin(`${join.table} as ${join.alias}`, `${join.alias}.id`, join.on);
  const native = query.toSQL().toNative();
  return { sql: native.sql, bindings: [...native.bindings] };
}

/** The filtered list's size (for progress), from the same query without its sort. */
export async function countExportRows(db: Knex, selection: ExportSelection): Promise<number> {
  const query = exportQuery(db, selection).clear('order').clearSelect();
  const [row] = (await query.count({ count: '*' })) as Array<{ count: number | string }>;
  return Number(row?.count ?? 0);
}
