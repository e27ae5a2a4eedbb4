/**
 * Date rules of the specification §5 for house contracts, tenant contracts and void periods.
 *
 * Conventions:
 * - Dates are Europe/London calendar dates 'YYYY-MM-DD'. A rule never reads the clock: "today" is an
 *   argument (the server passes `londonDate(now)` or the current-date override).
 * - Like every validator, a rule passes when one of the dates it compares is empty or not a valid date: the
 *   field's own `required` / `validDate` reports that. `today` must be valid (a programming error otherwise).
 * - End dates are inclusive (spec §4: today within signUpDate and endDate inclusive counts as current).
 * - Durations are measured from the start date to the end date as stated: a contract lasts at least N months
 *   when `end >= addMonths(start, N)` (month-end clamped, so 9 months from 31 May is 28/29 February) and at
 *   most N months when `end <= addMonths(start, N)`; 30 days means `end >= start + 30 days`.
 */
import { formatDisplayDate, isIsoDate } from '../dates';
import { addDays, addMonths, isCalendarDate } from './calendar';
import { INVALID_DATE, isBlank, type RuleResult } from './common';

export const CONTRACT_DATE_MESSAGES = {
  invalidDate: INVALID_DATE,
  inThePast: 'Date cannot be in the past',
  inTheFuture: 'Date cannot be in the future',
  notAfterTomorrow: 'Date must be after tomorrow',
  endNotAfterStart: 'End date must be after start date',
  shorterThan9Months: 'Contract must last at least 9 months',
  shorterThan6Months: 'Contract must last at least 6 months',
  shorterThan30Days: 'Contract must last at least 30 days',
  longerThan14Months: 'Contract cannot last more than 14 months',
  longerThan1Year: 'Contract cannot last more than 1 year',
  tenantStartsBeforeHouse: 'Tenant contract cannot start before the house contract starts',
  voidNotBeforeStart: 'Void period must start before the contract start date',
} as const;

function assertToday(today: string): void {
  if (!isIsoDate(today)) throw new RangeError(`today must be a YYYY-MM-DD date, got ${today}`);
}

/** A real calendar date written YYYY-MM-DD. */
export function validDate(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return isCalendarDate(value) ? null : INVALID_DATE;
}

/** Today or later. */
export function dateNotInPast({ date, today }: { date: unknown; today: string }): RuleResult {
  assertToday(today);
  if (!isCalendarDate(date)) return null;
  return date < today ? CONTRACT_DATE_MESSAGES.inThePast : null;
}

/** Today or earlier. */
export function dateNotInFuture({ date, today }: { date: unknown; today: string }): RuleResult {
  assertToday(today);
  if (!isCalendarDate(date)) return null;
  return date > today ? CONTRACT_DATE_MESSAGES.inTheFuture : null;
}

/** "Only in the future (after tomorrow)": the day after tomorrow or later. */
export function dateAfterTomorrow({ date, today }: { date: unknown; today: string }): RuleResult {
  assertToday(today);
  if (!isCalendarDate(date)) return null;
  return date > addDays(today, 1) ? null : CONTRACT_DATE_MESSAGES.notAfterTomorrow;
}

/** Strictly after: an end date equal to the start date is refused. */
export function endAfterStart({ start, end }: { start: unknown; end: unknown }): RuleResult {
  if (!isCalendarDate(start) || !isCalendarDate(end)) return null;
  return end > start ? null : CONTRACT_DATE_MESSAGES.endNotAfterStart;
}

export type ContractTerm = 'FIXED' | 'VARIABLE';

/**
 * Minimum duration: 9 months for a fixed contract (6 months with `sixMonthMinimum`, the specification's
 * "6 months in one case"), 30 days for a variable one. An end before the start is left to `endAfterStart`.
 */
export function contractMinimumDuration({
  start,
  end,
  term,
  sixMonthMinimum = false,
}: {
  start: unknown;
  end: unknown;
  term: ContractTerm;
  sixMonthMinimum?: boolean;
}): RuleResult {
  if (!isCalendarDate(start) || !isCalendarDate(end) || end <= start) return null;
  if (term === 'VARIABLE') return end >= addDays(start, 30) ? null : CONTRACT_DATE_MESSAGES.shorterThan30Days;
  if (sixMonthMinimum) return end >= addMonths(start, 6) ? null : CONTRACT_DATE_MESSAGES.shorterThan6Months;
  return end >= addMonths(start, 9) ? null : CONTRACT_DATE_MESSAGES.shorterThan9Months;
}

/** Maximum duration: 14 months, or 12 months (1 year) with `maximumMonths: 12`. Exactly 14 months passes. */
export function contractMaximumDuration({
  start,
  end,
  maximumMonths = 14,
}: {
  start: unknown;
  end: unknown;
  maximumMonths?: 12 | 14;
}): RuleResult {
  if (!isCalendarDate(start) || !isCalendarDate(end)) return null;
  if (end <= addMonths(start, maximumMonths)) return null;
  return maximumMonths === 12 ? CONTRACT_DATE_MESSAGES.longerThan1Year : CONTRACT_DATE_MESSAGES.longerThan14Months;
}

/** A date range with an inclusive end; a null end is open (no end date yet). */
export interface DateRange {
  start: string;
  end: string | null;
}

function describeRange({ start, end }: DateRange): string {
  return end ? `${formatDisplayDate(start)} to ${formatDisplayDate(end)}` : `from ${formatDisplayDate(start)}`;
}

/** Specification: "Tenant contract start after house contract start" — the same day is allowed. */
export function tenantStartNotBeforeHouseStart({ tenantStart, houseStart }: { tenantStart: unknown; houseStart: unknown }): RuleResult {
  if (!isCalendarDate(tenantStart) || !isCalendarDate(houseStart)) return null;
  return tenantStart < houseStart ? CONTRACT_DATE_MESSAGES.tenantStartsBeforeHouse : null;
}

/**
 * Tenant contract dates within the house contract bounds (inclusive): start on or after the house contract
 * start, end on or before its end (any end when the house contract has none). Message:
 * "Tenant contract dates must be within the house contract dates (DD/MM/YYYY to DD/MM/YYYY)".
 */
export function tenantContractWithinHouseContract({
  tenantStart,
  tenantEnd,
  houseStart,
  houseEnd,
}: {
  tenantStart: unknown;
  tenantEnd: unknown;
  houseStart: unknown;
  houseEnd: unknown;
}): RuleResult {
  if (!isCalendarDate(houseStart)) return null;
  const house: DateRange = { start: houseStart, end: isCalendarDate(houseEnd) ? houseEnd : null };
  const outside =
    (isCalendarDate(tenantStart) && (tenantStart < house.start || (house.end !== null && tenantStart > house.end))) ||
    (isCalendarDate(tenantEnd) && (tenantEnd < house.start || (house.end !== null && tenantEnd > house.end)));
  return outside ? `Tenant contract dates must be within the house contract dates (${describeRange(house)})` : null;
}

/**
 * A date that must fall within the house contract (inclusive), such as the broadband indicative start date.
 * Message: "Date must be within the house contract dates (DD/MM/YYYY to DD/MM/YYYY)".
 */
export function dateWithinHouseContract({ date, houseStart, houseEnd }: { date: unknown; houseStart: unknown; houseEnd: unknown }): RuleResult {
  if (!isCalendarDate(date) || !isCalendarDate(houseStart)) return null;
  const house: DateRange = { start: houseStart, end: isCalendarDate(houseEnd) ? houseEnd : null };
  const inside = date >= house.start && (house.end === null || date <= house.end);
  return inside ? null : `Date must be within the house contract dates (${describeRange(house)})`;
}

/** The void period starts strictly before the contract start. */
export function voidPeriodStartBeforeContractStart({ voidStart, contractStart }: { voidStart: unknown; contractStart: unknown }): RuleResult {
  if (!isCalendarDate(voidStart) || !isCalendarDate(contractStart)) return null;
  return voidStart < contractStart ? null : CONTRACT_DATE_MESSAGES.voidNotBeforeStart;
}

/** True when two ranges share at least one day (ends inclusive, null end open). */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return (b.end === null || a.start <= b.end) && (a.end === null || b.start <= a.end);
}

/**
 * The house contracts of one house must not overlap. `existing` are the house's other contracts; the one
 * being edited (same `id` as `contract.id`) is ignored. Ends are inclusive, so a contract ending 30/06 and
 * the next starting 30/06 overlap, while one starting 01/07 does not. Message names the first clash:
 * "House contract dates overlap another house contract of this house (DD/MM/YYYY to DD/MM/YYYY)".
 */
export function houseContractsDoNotOverlap({
  contract,
  existing,
}: {
  contract: { id?: string | number | null; start: unknown; end: unknown };
  existing: ReadonlyArray<{ id: string | number; start: string; end: string | null }>;
}): RuleResult {
  if (!isCalendarDate(contract.start)) return null;
  const candidate: DateRange = { start: contract.start, end: isCalendarDate(contract.end) ? contract.end : null };
  const clash = existing.find(
    (other) => (contract.id === undefined || contract.id === null || String(other.id) !== String(contract.id)) && rangesOverlap(candidate, other),
  );
  return clash ? `House contract dates overlap another house contract of this house (${describeRange(clash)})` : null;
}
