import { DomainError } from '../../errors/domain-error';
import { MAX_PER_PAGE, type ListArgs } from '../../graphql/list-query';

/**
 * Sorts and pages a short list built in memory (queues, schedules: a handful of rows), with the same
 * arguments and refusals as the SQL lists.
 */
export function pageInMemory<T extends object>(rows: T[], args: ListArgs, defaultSort: keyof T & string): T[] {
  const field = (args.sortField ?? defaultSort) as keyof T;
  if (rows.length && !(field in rows[0]!)) throw DomainError.invalid([{ field: 'sortField', rule: 'oneOf', message: `cannot use "${String(field)}"` }]);
  const order = (args.sortOrder ?? 'ASC').toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw DomainError.invalid([{ field: 'sortOrder', rule: 'oneOf', message: 'must be ASC or DESC' }]);
  const perPage = args.perPage ?? 25;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    throw DomainError.invalid([{ field: 'perPage', rule: 'range', message: `must be from 1 to ${MAX_PER_PAGE}` }]);
  }
  const sign = order === 'ASC' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => {
    const x = a[field] ?? '';
    const y = b[field] ?? '';
    return x < y ? -sign : x > y ? sign : 0;
  });
  const start = Math.max(0, args.page ?? 0) * perPage;
  return sorted.slice(start, start + perPage);
}

/** The `ids` / `id` / `q` filters every list understands, applied to rows whose id is a string. */
export function filterInMemory<T extends { id: string }>(rows: T[], filter: ListArgs['filter']): T[] {
  const ids = filter?.ids ?? filter?.id;
  const wanted = ids === undefined ? null : new Set((Array.isArray(ids) ? ids : [ids]).map(String));
  const q = typeof filter?.q === 'string' ? filter.q.trim().toLowerCase() : '';
  return rows.filter((row) => (!wanted || wanted.has(row.id)) && (!q || JSON.stringify(row).toLowerCase().includes(q)));
}
