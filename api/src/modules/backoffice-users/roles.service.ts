import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { applyFilters, applyPage, type ListArgs, type ListSpec } from '../../graphql/list-query';
import {
  BACKOFFICE_ACCOUNT_TYPES,
  BACKOFFICE_AREAS,
  PERMISSION_KEYS,
  PERMISSION_LEVELS,
  ROLE_ALREADY_EXISTS,
  type BackofficeAccountType,
  type PermissionLevel,
} from '../../rules';

export interface RoleInput {
  name?: string;
  accountType?: BackofficeAccountType;
  permissions?: Record<string, unknown>;
  permissionKeys?: string[];
}

const ROLE_LIST: ListSpec = {
  columns: { id: 'id', name: 'name', accountType: 'account_type', createdAt: 'created_at', updatedAt: 'updated_at' },
  searchColumns: ['name'],
  defaultSort: { field: 'name', order: 'ASC' },
};

interface RoleRow {
  id: number;
  name: string;
  account_type: BackofficeAccountType;
  permissions: Record<string, PermissionLevel>;
  permission_keys: string[];
  created_at: Date;
  updated_at: Date;
}

export function toRole(row: RoleRow) {
  return {
    id: row.id,
    name: row.name,
    accountType: row.account_type,
    // Every area, NONE where the role says nothing: the permission matrix shows them all.
    permissions: Object.fromEntries(BACKOFFICE_AREAS.map((area) => [area, row.permissions[area] ?? 'NONE'])),
    permissionKeys: row.permission_keys,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function validate(input: RoleInput, creating: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (creating || input.name !== undefined) {
    if (!input.name?.trim()) errors.push({ field: 'name', rule: 'required', message: 'Required' });
    else if (input.name.trim().length > 80) errors.push({ field: 'name', rule: 'maxLength', message: 'must be at most 80 characters' });
  }
  if (input.accountType !== undefined && !BACKOFFICE_ACCOUNT_TYPES.includes(input.accountType)) {
    errors.push({ field: 'accountType', rule: 'oneOf', message: `must be one of ${BACKOFFICE_ACCOUNT_TYPES.join(', ')}` });
  }
  for (const [area, level] of Object.entries(input.permissions ?? {})) {
    if (!(BACKOFFICE_AREAS as readonly string[]).includes(area)) errors.push({ field: `permissions.${area}`, rule: 'oneOf', message: 'is not a back-office area' });
    else if (!(PERMISSION_LEVELS as readonly unknown[]).includes(level)) errors.push({ field: `permissions.${area}`, rule: 'oneOf', message: 'must be NONE, READ or WRITE' });
  }
  for (const key of input.permissionKeys ?? []) {
    if (!(PERMISSION_KEYS as readonly string[]).includes(key)) errors.push({ field: 'permissionKeys', rule: 'oneOf', message: `"${key}" is not a permission key` });
  }
  return errors;
}

const duplicateName = () => new DomainError('CONFLICT', ROLE_ALREADY_EXISTS, { fields: [{ field: 'name', rule: 'unique', message: ROLE_ALREADY_EXISTS }] });

/** Two requests racing past assertNameFree meet the unique index; the loser gets the same answer. */
function rethrowDuplicateName(error: { code?: string }): never {
  throw error.code === '23505' ? duplicateName() : error;
}

async function assertNameFree(trx: Knex, name: string, exceptId?: number): Promise<void> {
  const clash = await trx('backoffice_roles').whereRaw('lower(name) = lower(?)', [name.trim()]).modify((q) => exceptId && q.whereNot({ id: exceptId })).first('id');
  if (clash) throw duplicateName();
}

export async function listRoles(db: Knex, args: ListArgs) {
  const rows: RoleRow[] = await applyPage(applyFilters(db('backoffice_roles').select('*'), ROLE_LIST, args.filter), ROLE_LIST, args);
  return rows.map(toRole);
}

export async function countRoles(db: Knex, args: ListArgs) {
  const row = await applyFilters(db('backoffice_roles').count({ count: '*' }), ROLE_LIST, args.filter).first();
  return { count: Number(row?.count ?? 0) };
}

export async function getRole(db: Knex, id: number) {
  const row: RoleRow | undefined = await db('backoffice_roles').where({ id }).first();
  if (!row) throw new DomainError('NOT_FOUND', `Role ${id} not found`);
  return toRole(row);
}

/** Creates a role; its name must be unique whatever the case ("role already exists"). Audited. */
export async function createRole(db: Knex, actor: AuthUser, input: RoleInput) {
  const errors = validate(input, true);
  if (errors.length) throw DomainError.invalid(errors);
  return db.transaction(async (trx) => {
    await assertNameFree(trx, input.name!);
    const [row]: RoleRow[] = await trx('backoffice_roles')
      .insert({
        name: input.name!.trim(),
        account_type: input.accountType ?? 'STAFF',
        permissions: JSON.stringify(input.permissions ?? {}),
        permission_keys: input.permissionKeys ?? [],
      })
      .returning('*')
      .catch(rethrowDuplicateName);
    const role = toRole(row!);
    await recordChange(trx, { action: 'INSERT', entity: 'backoffice_roles', entityId: role.id, actorUserId: actor.id, after: role });
    return role;
  });
}

/** Changes a role's name or permissions; users holding it get the new permissions on their next request. Audited. */
export async function updateRole(db: Knex, actor: AuthUser, id: number, input: RoleInput) {
  const errors = validate(input, false);
  if (errors.length) throw DomainError.invalid(errors);
  return db.transaction(async (trx) => {
    const before: RoleRow | undefined = await trx('backoffice_roles').where({ id }).forUpdate().first();
    if (!before) throw new DomainError('NOT_FOUND', `Role ${id} not found`);
    if (input.name !== undefined) await assertNameFree(trx, input.name, id);
    if (input.accountType && input.accountType !== before.account_type) {
      const holders = await trx('users').where({ backoffice_role_id: id }).first('id');
      if (holders) throw DomainError.invalid([{ field: 'accountType', rule: 'unchangedWhileHeld', message: 'cannot change while users hold this role' }]);
    }
    const [row]: RoleRow[] = await trx('backoffice_roles')
      .where({ id })
      .update({
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.accountType ? { account_type: input.accountType } : {}),
        ...(input.permissions ? { permissions: JSON.stringify(input.permissions) } : {}),
        ...(input.permissionKeys ? { permission_keys: input.permissionKeys } : {}),
        updated_at: trx.fn.now(),
      })
      .returning('*')
      .catch(rethrowDuplicateName);
    const role = toRole(row!);
    await recordChange(trx, { action: 'UPDATE', entity: 'backoffice_roles', entityId: id, actorUserId: actor.id, before: toRole(before), after: role });
    return role;
  });
}
