import type { Knex } from '@app/db';
import { DomainError } from '../errors/domain-error';
import { boundsError, hasControlCharacters, isRecordId, type FieldSpec } from '../rules';

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
  /** The catalogue field behind each column, so each filter value is checked for its type before SQL. */
  fields?: Record<string, FieldSpec>;
}

export const MAX_PER_PAGE = 1000;

function column(spec: ListSpec, field: string, argument: string): string {
  const found = spec.columns[field];
  if (!found) throw DomainError.invalid([{ field: argument, rule: 'oneOf', message: `cannot use "${field}"; use one of ${Object.keys(spec.columns).join(', ')}` }]);
  return found;
}

const Q_MAX = 255;

/** A filter value as its field accepts it; numbers may arrive as text from a URL. */
function checkFilterValue(spec: ListSpec, field: string, argument: string, value: unknown): void {
  const invalid = (rule: string, message: string) => DomainError.invalid([{ field: argument, rule, message }]);
  if (value === null) return;
  if (field === 'id') {
    if (!isRecordId(value)) throw invalid('reference', 'must be the id of a record');
    return;
  }
  const definition = spec.fields?.[field];
  if (!definition) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw invalid('type', 'must be a single value');
    return;
  }
  const numeric = ['int', 'money', 'decimal'].includes(definition.kind) && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  // A range bound on an instant may be a calendar date.
  const asField: FieldSpec = definition.kind === 'text' ? { ...definition, kind: 'string', maxLength: Q_MAX } : definition;
  const error = boundsError(asField, numeric);
  if (error) throw invalid(error.rule, error.message);
}

function checkFilterValues(spec: ListSpec, field: string, argument: string, value: unknown): unknown[] {
  const values = Array.isArray(value) ? value : [value];
  if (values.length > MAX_PER_PAGE) throw DomainError.invalid([{ field: argument, rule: 'maxItems', message: `must list at most ${MAX_PER_PAGE} values` }]);
  for (const each of values) checkFilterValue(spec, field, argument, each);
  return values;
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
      if (value.length > Q_MAX || hasControlCharacters(value)) {
        throw DomainError.invalid([{ field: 'filter.q', rule: 'maxLength', message: `must be at most ${Q_MAX} characters of text` }]);
      }
      const pattern = `%${value.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.where((inner) => spec.searchColumns.forEach((col) => inner.orWhereRaw('??::text ILIKE ?', [col, pattern])));
    } else if (key === 'ids' || key === 'id') {
      query.whereIn(column(spec, 'id', 'filter.id'), checkFilterValues(spec, 'id', `filter.${key}`, value) as number[]);
    } else if (key.endsWith('_in')) {
      const field = key.slice(0, -3);
      const col = column(spec, field, `filter.${key}`);
      query.whereIn(col, checkFilterValues(spec, field, `filter.${key}`, value) as string[]);
    } else if (key.endsWith('_gte') || key.endsWith('_lte')) {
      const field = key.slice(0, -4);
      const col = column(spec, field, `filter.${key}`);
      checkFilterValues(spec, field, `filter.${key}`, value);
      if (value === null || Array.isArray(value)) throw DomainError.invalid([{ field: `filter.${key}`, rule: 'type', message: 'must be a single value' }]);
      query.where(col, key.endsWith('_gte') ? '>=' : '<=', value as string);
    } else {
      const col = column(spec, key, `filter.${key}`);
      if (Array.isArray(value)) throw DomainError.invalid([{ field: `filter.${key}`, rule: 'type', message: 'must be a single value' }]);
      checkFilterValue(spec, key, `filter.${key}`, value);
      query.where(col, value as string);
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
