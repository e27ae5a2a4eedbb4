/**
 * Billing periods on Europe/London calendar dates written 'YYYY-MM-DD'. Both ends are inclusive: a period
 * from 2026-03-01 to 2026-03-31 is 31 days. Day counts come from calendar arithmetic (no `Date`, no clock),
 * so the clock changes (last Sunday of March and of October) can never add or lose a day.
 */
import { daysBetween } from '../validation/calendar';
import { type DecimalInput, ratio, multiplyExact } from './exact';
import { assertPence, roundHalfUp } from './money';

/** An inclusive range of calendar dates. */
export interface BillingPeriod {
  start: string;
  end: string;
}

/** Days from `start` to `end`, both included; throws when `end` is before `start`. */
export function periodDays(start: string, end: string): number {
  const days = daysBetween(start, end) + 1;
  if (days < 1) throw new RangeError(`Period ends (${end}) before it starts (${start})`);
  return days;
}

/** The dates two inclusive ranges share, or null when they do not meet. */
export function overlapRange(a: BillingPeriod, b: BillingPeriod): BillingPeriod | null {
  periodDays(a.start, a.end);
  periodDays(b.start, b.end);
  const start = a.start > b.start ? a.start : b.start;
  const end = a.end < b.end ? a.end : b.end;
  return start <= end ? { start, end } : null;
}

/** Days two inclusive ranges share (0 when they do not meet). */
export function overlapDays(a: BillingPeriod, b: BillingPeriod): number {
  const overlap = overlapRange(a, b);
  return overlap ? periodDays(overlap.start, overlap.end) : 0;
}

/** `amount` (pence, or an exact decimal) × days ÷ periodDays, rounded half-up once to pence. */
export function prorateByDays(amount: DecimalInput, days: number, periodDayCount: number): number {
  if (typeof amount === 'number') assertPence(amount, 'amount');
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days must be a non-negative integer: ${days}`);
  if (!Number.isSafeInteger(periodDayCount) || periodDayCount < 1) throw new RangeError(`periodDays must be a positive integer: ${periodDayCount}`);
  return roundHalfUp(multiplyExact(amount, ratio(days, periodDayCount)));
}
