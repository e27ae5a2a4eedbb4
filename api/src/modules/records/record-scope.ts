import type { Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import type { ResourceSpec } from '../../rules';

/**
 * The rows a request may see: the X-Group-ID group's rows of a group-scoped resource, and a shared table's
 * rows of this resource (users by role). Every read and write goes through it.
 */
export function scopedQuery(db: Knex, spec: ResourceSpec, groupId: number | null): Knex.QueryBuilder {
  const query = db(spec.table);
  if (spec.groupScoped) query.where(`${spec.table}.group_id`, requireGroup(spec, groupId));
  for (const [column, values] of Object.entries(spec.rowFilter ?? {})) query.whereIn(`${spec.table}.${column}`, [...values]);
  return query;
}

export function requireGroup(spec: ResourceSpec, groupId: number | null): number {
  if (groupId === null) {
    throw DomainError.invalid([{ field: 'X-Group-ID', rule: 'required', message: `${spec.label} belong to a group: send the X-Group-ID header` }]);
  }
  return groupId;
}

/** Columns a create sets from the scope rather than the input. */
export function scopeColumns(spec: ResourceSpec, groupId: number | null, input: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (spec.groupScoped) columns.group_id = requireGroup(spec, groupId);
  for (const [column, values] of Object.entries(spec.rowFilter ?? {})) {
    if (!(column in input)) columns[column] = values[0];
  }
  return columns;
}
