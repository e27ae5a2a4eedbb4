import { addDays } from '../../../rules';

/*
 * When the automation bills and what: on a group's billing day of the month (a Europe/London date) it bills
 * the previous calendar month. Pure date arithmetic on 'YYYY-MM-DD' strings: no clock, no time zone.
 */

/** The day of the month the automation bills on when a group's setting names none. */
export const DEFAULT_BILLING_DAY = 1;
/** Billing days stop at 28 so that every month has one (a 31 would silently skip February). */
export const MAX_BILLING_DAY = 28;

export interface AutomationPeriod {
  periodStart: string;
  periodEnd: string;
}

/** The calendar month before the month of `today`: on 2027-01-01, 2026-12-01 to 2026-12-31. */
export function previousCalendarMonth(today: string): AutomationPeriod {
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  const periodEnd = addDays(firstOfThisMonth, -1);
  return { periodStart: `${periodEnd.slice(0, 8)}01`, periodEnd };
}

/** The period to bill today for a group billing on `billingDay`, or null when today is not its billing day. */
export function automationPeriodFor(today: string, billingDay: number): AutomationPeriod | null {
  return Number(today.slice(8, 10)) === billingDay ? previousCalendarMonth(today) : null;
}
