import { TenantContract, User, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { contractPeriod, sortNewestFirst, type PeriodPurpose } from '../../rules';
import { readSystemCurrentDate } from '../settings/read-current-date.service';

/*
 * The one door to a tenant's data: every tenant-area operation starts from the caller's own user id (from
 * the token, never from the request) and reaches contracts, houses, meters and money only through it. A
 * contract id the caller names is looked up among their own contracts, so another tenant's id is simply
 * "not found" — the same answer as an id that does not exist.
 */

export const CONTRACT_NOT_FOUND = 'Contract not found';

/** The caller's tenant contracts with house contract, house and services, newest first: one joined read. */
export async function ownContracts(db: Knex, userId: number): Promise<TenantContract[]> {
  const contracts = await TenantContract.query(db)
    .where('tenant_contracts.user_id', userId)
    .whereNotNull('tenant_contracts.house_contract_id')
    .withGraphJoined('houseContract.[house, services]')
    .orderBy('houseContract:services.id');
  return sortNewestFirst(contracts.map((contract) => ({ id: contract.id, ...tenantDates(contract), contract }))).map((entry) => entry.contract);
}

/** The caller as a user (never another). */
export async function currentUser(db: Knex, userId: number): Promise<User> {
  const user = await User.query(db).findById(userId);
  if (!user) throw new DomainError('NOT_FOUND', 'User not found');
  return user;
}

/**
 * One of the caller's contracts: the one named (refused as not found when it is not theirs), or else the one
 * the page is about — the current one for the purpose, else the newest.
 */
export async function ownContract(db: Knex, userId: number, contractId: number | null | undefined, purpose: PeriodPurpose = 'DEFAULT'): Promise<{ contract: TenantContract; today: string }> {
  const [today, contracts] = await Promise.all([readSystemCurrentDate(db), ownContracts(db, userId)]);
  if (contractId !== undefined && contractId !== null) {
    const named = contracts.find((contract) => contract.id === contractId);
    if (!named) throw new DomainError('NOT_FOUND', CONTRACT_NOT_FOUND, { fields: [{ field: 'contractId', rule: 'exists', message: CONTRACT_NOT_FOUND }] });
    return { contract: named, today };
  }
  const chosen = contracts.find((contract) => contractPeriod(tenantDates(contract), today, purpose) === 'CURRENT') ?? contracts[0];
  if (!chosen) throw new DomainError('NOT_FOUND', 'You have no contract with us yet');
  return { contract: chosen, today };
}

/** The dates §4 derives a tenant contract's period from (its own start and end). */
export function tenantDates(contract: TenantContract): { signUpDate: string; endDate: string } {
  return { signUpDate: contract.startDate, endDate: contract.endDate };
}
