import type { Knex } from '@app/db';
import { permissionsOf } from '../../auth/auth-user';
import type { ExportReader } from './reference-names';

/**
 * The user an export is for, read when it runs: their partner (a partner's export holds the partner's rows only,
 * like its list) and their role's permissions (which references it may name). A user gone since is a partner of
 * nothing, with no permissions: the file then holds nothing it should not.
 */
export async function exportOwner(db: Knex, userId: number): Promise<ExportReader> {
  const row = await db('users')
    .leftJoin('backoffice_roles', 'backoffice_roles.id', 'users.backoffice_role_id')
    .where('users.id', userId)
    .first('users.role', 'users.partner_id as partnerId', 'backoffice_roles.id as roleId', 'backoffice_roles.permissions', 'backoffice_roles.permission_keys');
  if (!row) return { role: 'partner', partnerId: 0, permissions: null };
  return { role: row.role, partnerId: row.partnerId, permissions: row.roleId ? permissionsOf(row) : null };
}
