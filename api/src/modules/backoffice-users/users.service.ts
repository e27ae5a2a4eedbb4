import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import type { AuthUser } from '../../auth/auth-user';
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
  createdAt: row.created_at.toISOString(),
});

/** Back-office staff only; a partner's staff see only their own partner's people. */
function staffQuery(db: Knex, viewer: AuthUser) {
  return db('users')
    .whereIn('users.role', ['backoffice', 'partner'])
    .modify((query) => viewer.role === 'partner' && query.where('users.partner_id', viewer.partnerId));
}

export async function listStaff(db: Knex, viewer: AuthUser, args: ListArgs) {
  const rows: StaffRow[] = await applyPage(applyFilters(staffQuery(db, viewer).select('users.*'), USER_LIST, args.filter), USER_LIST, args);
  return rows.map(toStaff);
}

export async function countStaff(db: Knex, viewer: AuthUser, args: ListArgs) {
  const row = await applyFilters(staffQuery(db, viewer).count({ count: '*' }), USER_LIST, args.filter).first();
  return { count: Number(row?.count ?? 0) };
}

export async function getStaff(db: Knex, viewer: AuthUser, id: number) {
  const row: StaffRow | undefined = await staffQuery(db, viewer).where('users.id', id).first('users.*');
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
  if (errors.length) throw DomainError.invalid(errors);
  return { role, partnerId };
}

const duplicateEmail = (error: { code?: string }): never => {
  throw error.code === '23505' ? DomainError.invalid([{ field: 'email', rule: 'unique', message: 'This e-mail address is already used' }]) : error;
};

/**
 * Creates a back-office user with a role. They have no password yet: they set one through "Forgot password"
 * (or sign in with Google). Audited.
 */
export async function createStaff(db: Knex, actor: AuthUser, input: StaffInput) {
  const { role, partnerId } = await validate(db, actor, input, true);
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
      .returning('*')
      .catch(duplicateEmail);
    const staff = toStaff(row!);
    await recordChange(trx, { action: 'INSERT', entity: 'users', entityId: staff.id, actorUserId: actor.id, after: staff });
    return staff;
  });
}

/** Edits a back-office user; making them INACTIVE signs them out everywhere at once. Audited. */
export async function updateStaff(db: Knex, actor: AuthUser, id: number, input: StaffInput) {
  const current = await getStaff(db, actor, id);
  const { role, partnerId } = await validate(db, actor, input, false);
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
      .returning('*')
      .catch(duplicateEmail);
    const staff = toStaff(row!);
    if (staff.status === 'INACTIVE') await revokeAllSessions(trx, id);
    await recordChange(trx, { action: 'UPDATE', entity: 'users', entityId: id, actorUserId: actor.id, before: current, after: staff });
    return staff;
  });
}
