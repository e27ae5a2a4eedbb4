import { TenantContract, type Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import { FORBIDDEN_MESSAGE } from '../../auth/access';
import { DomainError } from '../../errors/domain-error';
import { hasAreaLevel, TENANT_ROLES } from '../../rules';

/**
 * The tenant contract a payment call names, if the caller may act on it: a tenant only on a contract of
 * their own; staff only within the group they work in (X-Group-ID) and with `staffLevel` on payments (WRITE
 * to change anything, READ to look). Anything else is answered as not found, so another tenant's ids reveal
 * nothing.
 */
export async function tenantContractForCaller(db: Knex, user: AuthUser | null, groupId: number | null, tenantContractId: unknown, staffLevel: 'READ' | 'WRITE' = 'WRITE'): Promise<TenantContract> {
  const id = Number(tenantContractId);
  const notFound = new DomainError('NOT_FOUND', 'Tenant contract not found.', { fields: [{ field: 'tenantId', rule: 'exists', message: 'Missing tenant ID or card reference.' }] });
  if (!user || !Number.isInteger(id) || id <= 0) throw notFound;
  const contract = await TenantContract.query(db).findById(id);
  if (!contract) throw notFound;
  if ((TENANT_ROLES as readonly string[]).includes(user.role)) {
    if (contract.userId !== user.id) throw notFound;
    return contract;
  }
  if (user.role === 'backoffice' && hasAreaLevel(user.permissions, 'payments', staffLevel)) {
    if (groupId === null || contract.groupId !== groupId) throw notFound;
    return contract;
  }
  throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
}
