import type { Knex } from '@app/db';
import { DomainError } from '../errors/domain-error';

/** The arguments of every `allX` / `_allXMeta` query (the grammar ra-data-graphql-simple speaks). */
export interface ListArgs {
  page?: number | null;
  perPage?: number | null;
  sortField?: string | null;
  sortOrder?: string | null;
  filter?: Record<string, unknown> | null;
}

export interface ListSpec {
  /** GraphQL field name → SQL column, for every field that may be sorted or filtered on. */
  columns: Record<string, string>;
  /** Columns the free-text `q` filter searches (case-insensitive, substring). */
  searchColumns: string[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
}

export const MAX_PER_PAGE = 1000;

function column(spec: ListSpec, field: string, argument: string): string {
  const found = spec.columns[field];
  if (!found) throw DomainError.invalid([{ field: argument, rule: 'oneOf', message: `cannot use "${field}"; use one of ${Object.keys(spec.columns).join(', ')}` }]);
  return found;
}

/**
 * Applies the list grammar's filters to a query: `q`, `ids`, equality, and `_gte` / `_lte` / `_in` suffixes.
 * Shared by a list and its export, so a download is exactly what the user filtered.
 */
export function applyFilters<T extends Knex.QueryBuilder>(query: T, spec: ListSpec, filter: ListArgs['filter']): T {
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined) continue;
    if (key === 'q') {
      if (typeof value !== 'string' || !value.trim()) continue;
      const pattern = `%${value.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.where((inner) => spec.searchColumns.forEach((col) => inner.orWhereRaw('??::text ILIKE ?', [col, pattern])));
    } else if (key === 'ids' || key === 'id') {
      query.whereIn(column(spec, 'id', 'filter.id'), Array.isArray(value) ? value : [value]);
    } else if (key.endsWith('_in')) {
      query.whereIn(column(spec, key.slice(0, -3), `filter.${key}`), Array.isArray(value) ? value : [value]);
    } else if (key.endsWith('_gte')) {
      query.where(column(spec, key.slice(0, -4), `filter.${key}`), '>=', value as string);
    } else if (key.endsWith('_lte')) {
      query.where(column(spec, key.slice(0, -4), `filter.${key}`), '<=', value as string);
    } else {
      query.where(column(spec, key, `filter.${key}`), value as string);
    }
  }
  return query;
}

/** Sort and page a filtered query (page is 0-based, as react-admin's GraphQL providers send it). */
export function applyPage<T extends Knex.QueryBuilder>(query: T, spec: ListSpec, args: ListArgs): T {
  const sortField = args.sortField ?? spec.defaultSort.field;
  const order = (args.sortOrder ?? spec.defaultSort.order).toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw DomainError.invalid([{ field: 'sortOrder', rule: 'oneOf', message: 'must be ASC or DESC' }]);
  const direction = order.toLowerCase() as 'asc' | 'desc';
  query.orderBy(column(spec, sortField, 'sortField'), direction);
  // Ties break by id in the same direction, so an index on (…, field, id) serves the whole order.
  if (sortField !== 'id') query.orderBy(spec.columns.id!, direction);
  const perPage = args.perPage ?? 25;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    throw DomainError.invalid([{ field: 'perPage', rule: 'range', message: `must be from 1 to ${MAX_PER_PAGE}` }]);
  }
  query.limit(perPage).offset(Math.max(0, args.page ?? 0) * perPage);
  return query;
}

/** The SDL arguments of `allX` and `_allXMeta`. */
export const LIST_ARGUMENTS = 'page: Int, perPage: Int, sortField: String, sortOrder: String, filter: JSON';
