import { CronExpressionParser } from 'cron-parser';
import { addDays, addMonths, londonDate } from '../../../rules';
import { nominalPaymentDate } from '../bacs/bacs-calendar';

/** What of a payment schedule decides when it falls due. */
export interface ScheduleShape {
  kind: string;
  scheduleType: string;
  endType: string | null;
  times: number | null;
  startDate: string;
  endDate: string | null;
  cron: string | null;
  paymentDay: number | null;
}

/** Kinds that are collected; REFUND schedules pay out and are not this job's. */
export const COLLECTED_KINDS = ['REGULAR_PAYMENT', 'ONE_PAYMENT', 'INITIAL_PAYMENT', 'FINAL_PAYMENT'] as const;

const SINGLE_KINDS = new Set(['ONE_PAYMENT', 'INITIAL_PAYMENT', 'FINAL_PAYMENT']);

/** Guards a malformed schedule (DAILY for centuries) from spinning: no window the job asks for is this long. */
const MAX_STEPS = 100_000;

/**
 * The occurrence dates (YYYY-MM-DD, London) of a schedule that fall in [from, to], in order. One-off kinds
 * (ONE_PAYMENT, INITIAL_PAYMENT, FINAL_PAYMENT) and NEVER fall once, on the start date. DAILY, WEEKLY,
 * MONTHLY and YEARLY repeat from the start date; MONTHLY with a payment day falls on that day of each month
 * (31 = the last day) from the start date on. CRON follows the expression in Europe/London. A TIMES end
 * counts occurrences from the first; a DATE end includes the end date.
 */
export function occurrencesBetween(schedule: ScheduleShape, from: string, to: string): string[] {
  if (!(COLLECTED_KINDS as readonly string[]).includes(schedule.kind)) return [];
  const limit = schedule.endType === 'TIMES' ? Math.max(0, schedule.times ?? 0) : Infinity;
  const endDate = schedule.endType === 'DATE' ? schedule.endDate : null;
  const found: string[] = [];
  let index = 0;
  for (const date of sequence(schedule)) {
    if (index >= limit || (endDate !== null && date > endDate) || date > to || index >= MAX_STEPS) break;
    index += 1;
    if (date >= from) found.push(date);
  }
  return found;
}

function* sequence(s: ScheduleShape): Generator<string> {
  if (SINGLE_KINDS.has(s.kind) || s.scheduleType === 'NEVER') {
    yield s.startDate;
    return;
  }
  switch (s.scheduleType) {
    case 'DAILY':
    case 'WEEKLY': {
      const step = s.scheduleType === 'DAILY' ? 1 : 7;
      for (let k = 0; ; k++) yield addDays(s.startDate, k * step);
    }
    case 'MONTHLY': {
      if (s.paymentDay === null) {
        for (let k = 0; ; k++) yield addMonths(s.startDate, k);
      }
      let [year, month] = s.startDate.split('-').map(Number) as [number, number];
      for (;;) {
        const date = nominalPaymentDate(year, month, s.paymentDay);
        if (date >= s.startDate) yield date;
        month += 1;
        if (month === 13) [year, month] = [year + 1, 1];
      }
    }
    case 'YEARLY':
      for (let k = 0; ; k++) yield addMonths(s.startDate, 12 * k);
    case 'CRON': {
      if (!s.cron) return;
      // Fires at most once a day count once: a collection is a date, not a time.
      const fires = CronExpressionParser.parse(s.cron, { currentDate: new Date(`${addDays(s.startDate, -1)}T23:59:59Z`), tz: 'Europe/London' });
      let last = '';
      for (;;) {
        const date = londonDate(fires.next().toDate());
        if (date >= s.startDate && date !== last) yield date;
        last = date;
      }
    }
    default:
      return;
  }
}
