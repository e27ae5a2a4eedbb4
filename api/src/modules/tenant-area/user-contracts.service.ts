import type { Knex, TenantContract } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { contractPeriod, countsForEnergyUse, matchesContractFilter, sortedCurrentAndPreviousContracts, USER_CONTRACT_FILTERS, type UserContractFilter } from '../../rules';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { currentUser, ownContracts, tenantDates } from './own-contracts';

/** A contract as the tenant area shows it (specification §3 "User contract"). */
export function userContractView(contract: TenantContract, today: string) {
  const houseContract = contract.houseContract!;
  const house = houseContract.house!;
  return {
    id: contract.id,
    tenantId: contract.userId,
    startDate: contract.startDate,
    endDate: contract.endDate,
    signUpDate: houseContract.signUpDate,
    eoyAction: contract.eoyAction,
    status: contract.status,
    paymentMethod: contract.paymentMethod,
    planType: houseContract.planType,
    billingType: houseContract.billingType,
    address: [house.address2, house.streetName, house.cityName, house.postCode].filter(Boolean).join(', '),
    period: contractPeriod(tenantDates(contract), today),
    houseContract: {
      ...houseContract,
      house: { ...house, address: { id: house.id, streetName: house.streetName, address2: house.address2, cityName: house.cityName, county: house.county, postCode: house.postCode, valid: true } },
      services: houseContract.services ?? [],
    },
  };
}
export type UserContractView = ReturnType<typeof userContractView>;

/** The filters of getUserContracts: a name, a list of names, or `{ type }` / `{ types }`. */
export function parseContractFilters(filters: unknown): UserContractFilter[] {
  if (filters === undefined || filters === null) return [];
  const raw = typeof filters === 'string' ? [filters] : Array.isArray(filters) ? filters : typeof filters === 'object' ? ([] as unknown[]).concat((filters as { type?: unknown; types?: unknown }).type ?? (filters as { types?: unknown }).types ?? []) : [filters];
  const bad = raw.find((value) => !(USER_CONTRACT_FILTERS as readonly unknown[]).includes(value));
  if (bad !== undefined || raw.length === 0) {
    throw DomainError.invalid([{ field: 'filters', rule: 'oneOf', message: `Filters must be among ${USER_CONTRACT_FILTERS.join(', ')}` }]);
  }
  return raw as UserContractFilter[];
}

function filterFacts(contract: TenantContract) {
  return { ...tenantDates(contract), billingType: contract.houseContract!.billingType, planType: contract.houseContract!.planType };
}

/**
 * getUserContracts(filters) (§7): the caller and their contracts, newest first, with the current and
 * previous ones apart; a filter keeps only the contracts it applies to (MY_ENERGY_USE: current capped plans).
 * It also answers the menu's questions (§2.9), so the site never guesses them.
 */
export async function getUserContracts(db: Knex, userId: number, filters: unknown) {
  const wanted = parseContractFilters(filters);
  const today = await readSystemCurrentDate(db);
  const user = await currentUser(db, userId);
  const all = await ownContracts(db, userId);
  const contracts = all.filter((contract) => wanted.every((filter) => matchesContractFilter(filterFacts(contract), filter, today)));
  const views = contracts.map((contract) => userContractView(contract, today));
  const sorted = sortedCurrentAndPreviousContracts(views.map((view) => ({ ...view, signUpDate: view.startDate })), today).map(({ id }) => views.find((view) => view.id === id)!);
  return {
    currentUser: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, isEnergyBill: user.portal === 'ENERGY_BILL' },
    contracts: views,
    sortedCurrentAndPreviousContracts: sorted,
    hasEnergyUseContracts: all.some((contract) => countsForEnergyUse(filterFacts(contract), today)),
  };
}
