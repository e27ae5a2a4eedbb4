import type { Knex } from '@app/db';
import type { AuthUser } from './auth-user';

/**
 * The groups a user belongs to, for X-Group-ID: back-office staff those of their account (every group when it
 * says all groups); a partner's groups are those of its partner's visits; tenants' those of their tenant
 * contracts; agents' those of their agencies.
 */
export async function groupsOf(db: Knex, user: AuthUser): Promise<number[] | 'all'> {
  if (user.role === 'backoffice') return user.staffGroups;
  let query: Knex.QueryBuilder;
  if (user.role === 'partner') query = db('house_visits').where({ partner_id: user.partnerId ?? 0 }).distinct('group_id');
  else if (user.role === 'agent') query = db('agent_agencies').join('agencies', 'agencies.id', 'agent_agencies.agency_id').where('agent_agencies.user_id', user.id).distinct('agencies.group_id as group_id');
  else query = db('tenant_contracts').where({ user_id: user.id }).distinct('group_id');
  return ((await query) as Array<{ group_id: number }>).map((row) => row.group_id);
}

/*
 * Every back-office request names its group (X-Group-ID) and used to look it up: one more round trip per
 * request. Groups are never deleted (catalogue: delete 'never'), so a group found once stays found; the ids
 * seen are kept per database handle. A missing one is looked up again each time (it may be created later).
 */
const knownGroups = new WeakMap<Knex, Set<number>>();

export async function groupExists(db: Knex, groupId: number): Promise<boolean> {
  if (groupId > 2_147_483_647) return false;
  const known = knownGroups.get(db) ?? new Set<number>();
  knownGroups.set(db, known);
  if (known.has(groupId)) return true;
  if (!(await db('groups').where({ id: groupId }).first('id'))) return false;
  known.add(groupId);
  return true;
}

/** 'ok' when the user may name this group; 'missing' for a group that does not exist; 'forbidden' otherwise. */
export async function checkGroupAccess(db: Knex, user: AuthUser, groupId: number): Promise<'ok' | 'missing' | 'forbidden'> {
  if (!(await groupExists(db, groupId))) return 'missing';
  const groups = await groupsOf(db, user);
  return groups === 'all' || groups.includes(groupId) ? 'ok' : 'forbidden';
}

export const GROUP_FORBIDDEN_MESSAGE = 'You do not belong to this group';
export const groupMissingMessage = (groupId: number) => `No group ${groupId}`;
