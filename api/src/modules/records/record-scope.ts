import type { Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import type { ResourceSpec } from '../../rules';

/**
 * Whose rows a request may see: the X-Group-ID group (already checked to be one the caller belongs to) and,
 * for a partner user, the partner company it works for (null for everyone else).
 */
export interface RecordScope {
  groupId: number | null;
  partnerId: number | null;
}

/** The partner a user's rows are limited to: a partner user's company (0, which matches nothing, if it has none). */
export const partnerScopeOf = (user: { role: string; partnerId: number | null }): number | null => (user.role === 'partner' ? (user.partnerId ?? 0) : null);

/**
 * How a partner's rows are found, per table: a visit carries its partner; a house is the partner's while it has
 * a visit of the partner; meters and readings through their house. A table not named here shows a partner
 * nothing, whatever its role allows, so a new resource is closed to partners until someone decides otherwise.
 */
const PARTNER_HOUSES = 'SELECT house_id FROM house_visits WHERE partner_id = ?';
const PARTNER_ROWS: Readonly<Record<string, (table: string) => string>> = {
  house_visits: (table) => `${table}.partner_id = ?`,
  houses: (table) => `${table}.id IN (${PARTNER_HOUSES})`,
  meters: (table) => `${table}.house_id IN (${PARTNER_HOUSES})`,
  meter_readings: (table) => `${table}.meter_id IN (SELECT id FROM meters WHERE house_id IN (${PARTNER_HOUSES}))`,
};

/**
 * Shared tables whose rows belong to groups through others, by resource (tenants and agents share `users`): a
 * tenant through its contracts, an agent through its agencies, a referral code through its tenant. A row linked
 * to no group yet (a tenant staff have just created, before their first contract) shows in every group. Found by
 * the canary walk (auth/canary-walk.test.ts): group-1 staff listed group 2's tenants.
 */
const TENANT_IN_GROUP = (userId: string) =>
  `(NOT EXISTS (SELECT 1 FROM tenant_contracts tc WHERE tc.user_id = ${userId}) OR EXISTS (SELECT 1 FROM tenant_contracts tc WHERE tc.user_id = ${userId} AND tc.group_id = ?))`;
const AGENT_IN_GROUP = (userId: string) =>
  `(NOT EXISTS (SELECT 1 FROM agent_agencies aa WHERE aa.user_id = ${userId}) OR EXISTS (SELECT 1 FROM agent_agencies aa JOIN agencies a ON a.id = aa.agency_id WHERE aa.user_id = ${userId} AND a.group_id = ?))`;
const GROUP_ROWS: Readonly<Record<string, (table: string) => string>> = {
  Tenant: (table) => TENANT_IN_GROUP(`${table}.id`),
  ReferralCode: (table) => TENANT_IN_GROUP(`${table}.tenant_id`),
  Agent: (table) => AGENT_IN_GROUP(`${table}.id`),
  // A notification is its recipient's: a tenant's or an agent's shows in their groups, staff's in every group.
  Notification: (table) => `(${TENANT_IN_GROUP(`${table}.user_id`)} AND ${AGENT_IN_GROUP(`${table}.user_id`)})`,
  AgentAgency: (table) => `${table}.agency_id IN (SELECT id FROM agencies WHERE group_id = ?)`,
};

/** True for a shared resource whose rows belong to groups through others (a tenant, an agent). */
export const isGroupLinked = (spec: ResourceSpec): boolean => spec.name in GROUP_ROWS;

/** True when partners may see some rows of this resource (the menu and the access walk use it). */
export const partnerCanSee = (spec: ResourceSpec): boolean => spec.table in PARTNER_ROWS;

/** The column a partner's own rows carry directly (a create or update sets it to the partner). */
export const partnerColumnOf = (spec: ResourceSpec): string | null => (spec.table === 'house_visits' ? 'partner_id' : null);

/**
 * The rows a request may see: the X-Group-ID group's rows of a group-scoped resource, a shared table's rows of
 * this resource (users by role), and a partner's own rows only. Every read and write goes through it.
 */
export function scopedQuery(db: Knex, spec: ResourceSpec, scope: RecordScope): Knex.QueryBuilder {
  const query = db(spec.table);
  if (spec.groupScoped) query.where(`${spec.table}.group_id`, requireGroup(spec, scope.groupId));
  const byGroup = GROUP_ROWS[spec.name];
  if (byGroup) {
    const sql = byGroup(spec.table);
    const groupId = requireGroup(spec, scope.groupId);
    query.whereRaw(sql, Array.from({ length: sql.split('?').length - 1 }, () => groupId));
  }
  for (const [column, values] of Object.entries(spec.rowFilter ?? {})) query.whereIn(`${spec.table}.${column}`, [...values]);
  if (scope.partnerId !== null) {
    const rows = PARTNER_ROWS[spec.table];
    if (rows) query.whereRaw(rows(spec.table), [scope.partnerId]);
    else query.whereRaw('false');
  }
  return query;
}

export function requireGroup(spec: ResourceSpec, groupId: number | null): number {
  if (groupId === null) {
    throw DomainError.invalid([{ field: 'X-Group-ID', rule: 'required', message: `${spec.label} belong to a group: send the X-Group-ID header` }]);
  }
  return groupId;
}

/** Columns a write sets from the scope rather than the input (a partner's visit is always the partner's). */
export function scopeColumns(spec: ResourceSpec, scope: RecordScope, input: Record<string, unknown>, mode: 'create' | 'update' = 'create'): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (mode === 'create' && spec.groupScoped) columns.group_id = requireGroup(spec, scope.groupId);
  if (mode === 'create') {
    for (const [column, values] of Object.entries(spec.rowFilter ?? {})) {
      if (!(column in input)) columns[column] = values[0];
    }
  }
  const partnerColumn = partnerColumnOf(spec);
  if (scope.partnerId !== null && partnerColumn) columns[partnerColumn] = scope.partnerId;
  return columns;
}
