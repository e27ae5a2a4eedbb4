import { addDays, addMonths } from '../validation/calendar';

/**
 * The contract period of specification §4, derived from dates: CURRENT when today lies within signUpDate and
 * endDate inclusive, FUTURE when it starts later, otherwise PREVIOUS. Some uses stretch the end date: a meter
 * reading may still be given for a month after the contract ends, the end-of-year choice for 90 days.
 * Pure and isomorphic: the API decides with it, and the site's menus and pages show what the API decided.
 */
export type ContractPeriod = 'PREVIOUS' | 'CURRENT' | 'FUTURE';
export type PeriodPurpose = 'DEFAULT' | 'GIVE_METER_READING' | 'END_OF_YEAR';

export interface DatedContract {
  signUpDate: string;
  endDate: string;
}

/** The end date as a purpose sees it. */
export function effectiveEndDate(endDate: string, purpose: PeriodPurpose = 'DEFAULT'): string {
  if (purpose === 'GIVE_METER_READING') return addMonths(endDate, 1);
  if (purpose === 'END_OF_YEAR') return addDays(endDate, 90);
  return endDate;
}

export function contractPeriod(contract: DatedContract, today: string, purpose: PeriodPurpose = 'DEFAULT'): ContractPeriod {
  if (today < contract.signUpDate) return 'FUTURE';
  return today <= effectiveEndDate(contract.endDate, purpose) ? 'CURRENT' : 'PREVIOUS';
}

/** Newest first: by start date, then end date, then id (stable for equal dates). */
export function sortNewestFirst<T extends DatedContract & { id: number }>(contracts: readonly T[]): T[] {
  return [...contracts].sort((a, b) => (a.signUpDate !== b.signUpDate ? (a.signUpDate < b.signUpDate ? 1 : -1) : a.endDate !== b.endDate ? (a.endDate < b.endDate ? 1 : -1) : b.id - a.id));
}

/** The contracts a user may look back on: current and previous, newest first (future ones are left out). */
export function sortedCurrentAndPreviousContracts<T extends DatedContract & { id: number }>(contracts: readonly T[], today: string): T[] {
  return sortNewestFirst(contracts.filter((contract) => contractPeriod(contract, today) !== 'FUTURE'));
}

/** Filters of getUserContracts (§7). */
export const USER_CONTRACT_FILTERS = ['MY_ENERGY_USE', 'GIVE_METER_READING', 'END_OF_YEAR'] as const;
export type UserContractFilter = (typeof USER_CONTRACT_FILTERS)[number];

/** Energy use is shown only for current plans that are not UNLIMITED (their usage is capped by an allowance). */
export function countsForEnergyUse(contract: DatedContract & { billingType: string; planType: string | null }, today: string): boolean {
  return contract.billingType === 'PLAN' && contract.planType !== 'UNLIMITED' && contractPeriod(contract, today) === 'CURRENT';
}

/** Whether a contract passes a filter today. */
export function matchesContractFilter(contract: DatedContract & { billingType: string; planType: string | null }, filter: UserContractFilter, today: string): boolean {
  if (filter === 'MY_ENERGY_USE') return countsForEnergyUse(contract, today);
  return contractPeriod(contract, today, filter) === 'CURRENT';
}
