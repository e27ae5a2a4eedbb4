import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import type { AuthUser } from '../../auth/auth-user';
import { groupsOf } from '../../auth/group-membership';
import { revokeAllSessions } from '../../auth/sessions';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { applyFilters, applyPage, type ListArgs, type ListSpec } from '../../graphql/list-query';
import { BACK_USER_STATUSES, email as emailRule, personName, type BackUserStatus } from '../../rules';

export interface StaffInput {
  email?: string;
  firstName?: string;
  lastName?: string;
  backofficeRoleId?: number | string;
  partnerId?: number | string | null;
  status?: BackUserStatus;
  /** Works for every group, those added later included (head office). */
  allGroups?: boolean | null;
  /** The groups it works for when not all of them. */
  groupIds?: Array<number | string> | null;
}

const USER_LIST: ListSpec = {
  columns: {
    id: 'users.id',
    email: 'users.email',
    firstName: 'users.first_name',
    lastName: 'users.last_name',
    status: 'users.status',
    backofficeRoleId: 'users.backoffice_role_id',
    partnerId: 'users.partner_id',
    createdAt: 'users.created_at',
  },
  searchColumns: ['users.email', 'users.first_name', 'users.last_name'],
  defaultSort: { field: 'lastName', order: 'ASC' },
};

interface StaffRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: 'backoffice' | 'partner';
  status: BackUserStatus;
  backoffice_role_id: number;
  partner_id: number | null;
  all_groups: boolean;
  group_ids: number[];
  created_at: Date;
}

const toStaff = (row: StaffRow) => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  accountType: row.role === 'partner' ? 'PARTNER' : 'STAFF',
  status: row.status,
  backofficeRoleId: row.backoffice_role_id,
  partnerId: row.partner_id,
  allGroups: row.all_groups,
  groupIds: row.group_ids,
  createdAt: row.created_at.toISOString(),
});

/** A staff row with the groups it works for. */
const selectStaff = (db: Knex, query: Knex.QueryBuilder) =>
  query.select('users.*', db.raw('ARRAY(SELECT group_id FROM backoffice_user_groups g WHERE g.user_id = users.id ORDER BY group_id) AS group_ids'));

/** Back-office staff only; a partner's staff see only their own partner's people. */
function staffQuery(db: Knex, viewer: AuthUser) {
  return db('users')
    .whereIn('users.role', ['backoffice', 'partner'])
    .modify((query) => viewer.role === 'partner' && query.where('users.partner_id', viewer.partnerId));
}

export async function listStaff(db: Knex, viewer: AuthUser, args: ListArgs) {
  const rows: StaffRow[] = await applyPage(applyFilters(selectStaff(db, staffQuery(db, viewer)), USER_LIST, args.filter), USER_LIST, args);
  return rows.map(toStaff);
}

export async function countStaff(db: Knex, viewer: AuthUser, args: ListArgs) {
  const row = await applyFilters(staffQuery(db, viewer).count({ count: '*' }), USER_LIST, args.filter).first();
  return { count: Number(row?.count ?? 0) };
}

export async function getStaff(db: Knex, viewer: AuthUser, id: number) {
  const row: StaffRow | undefined = await selectStaff(db, staffQuery(db, viewer).where('users.id', id)).first();
  if (!row) throw new DomainError('NOT_FOUND', `User ${id} not found`);
  return toStaff(row);
}

async function validate(db: Knex, viewer: AuthUser, input: StaffInput, creating: boolean) {
  const errors: FieldError[] = [];
  const need = (field: keyof StaffInput) => creating || input[field] !== undefined;
  if (need('email')) {
    const problem = input.email?.trim() ? emailRule(input.email) : 'Required';
    if (problem) errors.push({ field: 'email', rule: input.email?.trim() ? 'email' : 'required', message: problem });
  }
  for (const field of ['firstName', 'lastName'] as const) {
    if (!need(field)) continue;
    const problem = input[field]?.trim() ? personName(input[field]) : 'Required';
    if (problem) errors.push({ field, rule: input[field]?.trim() ? 'name' : 'required', message: problem });
  }
  if (input.status !== undefined && !BACK_USER_STATUSES.includes(input.status)) {
    errors.push({ field: 'status', rule: 'oneOf', message: `must be one of ${BACK_USER_STATUSES.join(', ')}` });
  }
  let role: { id: number; account_type: string } | undefined;
  if (need('backofficeRoleId')) {
    role = input.backofficeRoleId ? await db('backoffice_roles').where({ id: Number(input.backofficeRoleId) }).first('id', 'account_type') : undefined;
    if (!role) errors.push({ field: 'backofficeRoleId', rule: 'exists', message: 'Choose an existing role' });
  }
  // A partner's staff can only create their own partner's people, with partner roles.
  const partnerId = viewer.role === 'partner' ? viewer.partnerId : input.partnerId ? Number(input.partnerId) : null;
  if (role?.account_type === 'PARTNER' && !partnerId) errors.push({ field: 'partnerId', rule: 'required', message: 'Required for a partner role' });
  if (role?.account_type === 'STAFF' && viewer.role === 'partner') errors.push({ field: 'backofficeRoleId', rule: 'partnerRole', message: 'Partner staff can only assign partner roles' });
  const groups = await validateGroups(db, viewer, input, creating, role, errors);
  if (errors.length) throw DomainError.invalid(errors);
  return { role, partnerId, groups };
}

/**
 * The groups a staff account will work for (undefined: unchanged). Staff give only groups they work for
 * themselves, and only all-groups staff give all groups, so nobody widens their own reach through another
 * account. A partner's people follow their partner's visits instead.
 */
async function validateGroups(
  db: Knex,
  viewer: AuthUser,
  input: StaffInput,
  creating: boolean,
  role: { account_type: string } | undefined,
  errors: FieldError[],
): Promise<{ all: boolean; ids: number[] } | undefined> {
  if (role?.account_type === 'PARTNER' || viewer.role === 'partner') return creating ? { all: false, ids: [] } : undefined;
  if (!creating && input.allGroups == null && input.groupIds == null) return undefined;
  const mine = await groupsOf(db, viewer);
  if (input.allGroups) {
    if (mine !== 'all') errors.push({ field: 'allGroups', rule: 'ownGroups', message: 'Only staff who work for every group can give every group' });
    return { all: true, ids: [] };
  }
  const ids = [...new Set((input.groupIds ?? []).map(Number))];
  if (!ids.length) {
    errors.push({ field: 'groupIds', rule: 'required', message: 'Choose at least one group' });
    return undefined;
  }
  const existing = new Set((await db('groups').whereIn('id', ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)).pluck('id')) as number[]);
  const unknown = ids.filter((id) => !existing.has(id));
  if (unknown.length) errors.push({ field: 'groupIds', rule: 'exists', message: `No group ${unknown.join(', ')}` });
  const notMine = mine === 'all' ? [] : ids.filter((id) => existing.has(id) && !mine.includes(id));
  if (notMine.length) errors.push({ field: 'groupIds', rule: 'ownGroups', message: `You do not work for group ${notMine.join(', ')}` });
  return { all: false, ids };
}

/** Writes the account's groups (replacing the list) when they were given. */
async function saveGroups(trx: Knex.Transaction, userId: number, groups: { all: boolean; ids: number[] } | undefined): Promise<void> {
  if (!groups) return;
  await trx('users').where({ id: userId }).update({ all_groups: groups.all });
  await trx('backoffice_user_groups').where({ user_id: userId }).delete();
  if (groups.ids.length) await trx('backoffice_user_groups').insert(groups.ids.map((groupId) => ({ user_id: userId, group_id: groupId })));
}

const duplicateEmail = (error: { code?: string }): never => {
  throw error.code === '23505' ? DomainError.invalid([{ field: 'email', rule: 'unique', message: 'This e-mail address is already used' }]) : error;
};

/**
 * Creates a back-office user with a role. They have no password yet: they set one through "Forgot password"
 * (or sign in with Google). Audited.
 */
export async function createStaff(db: Knex, actor: AuthUser, input: StaffInput) {
  const { role, partnerId, groups } = await validate(db, actor, input, true);
  return db.transaction(async (trx) => {
    const [row]: StaffRow[] = await trx('users')
      .insert({
        email: input.email!.trim(),
        first_name: input.firstName!.trim(),
        last_name: input.lastName!.trim(),
        role: role!.account_type === 'PARTNER' ? 'partner' : 'backoffice',
        backoffice_role_id: role!.id,
        partner_id: role!.account_type === 'PARTNER' ? partnerId : null,
        status: input.status ?? 'ACTIVE',
        confirmed_at: trx.fn.now(),
      })
      .returning('id')
      .catch(duplicateEmail);
    await saveGroups(trx, row!.id, groups);
    const staff = await getStaff(trx, actor, row!.id);
    await recordChange(trx, { action: 'INSERT', entity: 'users', entityId: staff.id, actorUserId: actor.id, after: staff });
    return staff;
  });
}

/** Edits a back-office user; making them INACTIVE signs them out everywhere at once. Audited. */
export async function updateStaff(db: Knex, actor: AuthUser, id: number, input: StaffInput) {
  const current = await getStaff(db, actor, id);
  const { role, partnerId, groups } = await validate(db, actor, input, false);
  return db.transaction(async (trx) => {
    const [row]: StaffRow[] = await trx('users')
      .where({ id })
      .update({
        ...(input.email !== undefined ? { email: input.email.trim() } : {}),
        ...(input.firstName !== undefined ? { first_name: input.firstName.trim() } : {}),
        ...(input.lastName !== undefined ? { last_name: input.lastName.trim() } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(role ? { backoffice_role_id: role.id, role: role.account_type === 'PARTNER' ? 'partner' : 'backoffice', partner_id: role.account_type === 'PARTNER' ? partnerId : null } : {}),
        updated_at: trx.fn.now(),
      })
      .returning('id')
      .catch(duplicateEmail);
    await saveGroups(trx, row!.id, groups);
    const staff = await getStaff(trx, actor, id);
    if (staff.status === 'INACTIVE') await revokeAllSessions(trx, id);
    await recordChange(trx, { action: 'UPDATE', entity: 'users', entityId: id, actorUserId: actor.id, before: current, after: staff });
    return staff;
  });
}

/** The groups the user may work in, by name: the back office lists them to switch between brands. */
export async function myGroups(db: Knex, user: AuthUser): Promise<Array<{ id: number; name: string }>> {
  const groups = await groupsOf(db, user);
  return db('groups')
    .modify((query) => groups !== 'all' && query.whereIn('id', groups))
    .orderBy('id')
    .select('id', 'name');
}
