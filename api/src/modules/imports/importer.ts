import type { Knex } from '@app/db';
import { backoffice, isAllowed } from '../../auth/access';
import { permissionsOf, type AuthUser } from '../../auth/auth-user';
import type { BackofficeArea } from '../../rules';

/**
 * The member of staff an import job works as, read when the job runs: its rows are created with that person's
 * permissions, scope and name in the audit trail, exactly as if they had typed each record. Null when the
 * account has gone or no longer has WRITE on the area (a role changed after the upload): the job then imports nothing.
 */
export async function importerOf(db: Knex, userId: number | null, area: BackofficeArea): Promise<AuthUser | null> {
  if (userId === null) return null;
  const row = await db('users')
    .leftJoin('backoffice_roles', 'backoffice_roles.id', 'users.backoffice_role_id')
    .where({ 'users.id': userId, 'users.status': 'ACTIVE' })
    .first('users.id', 'users.role', 'users.email', 'users.first_name', 'users.last_name', 'users.partner_id', 'users.is_fo', 'users.all_groups', 'backoffice_roles.id as role_id', 'backoffice_roles.permissions', 'backoffice_roles.permission_keys');
  if (!row) return null;
  const user: AuthUser = {
    id: row.id,
    role: row.role,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    sessionId: '',
    permissions: row.role_id ? permissionsOf(row) : null,
    partnerId: row.partner_id,
    isFO: row.is_fo,
    staffGroups: row.all_groups ? 'all' : [],
  };
  return isAllowed(user, backoffice(area, 'WRITE')) ? user : null;
}
