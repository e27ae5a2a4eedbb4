import type { Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import { groupsOf } from '../../auth/group-membership';
import { DomainError } from '../../errors/domain-error';
import type { ResourceSpec } from '../../rules';

/**
 * The logs hold every group's changes and errors (before and after copies of records), with no group of their
 * own to filter by: staff who work for some groups only may not read them (issue 13, staff only their groups').
 */
export async function assertHeadOfficeReader(db: Knex, user: AuthUser, spec: ResourceSpec): Promise<void> {
  if (!spec.headOfficeOnly) return;
  if (user.role === 'backoffice' && (await groupsOf(db, user)) === 'all') return;
  throw new DomainError('FORBIDDEN', `${spec.label} cover every group: only staff who work for every group read them`);
}
