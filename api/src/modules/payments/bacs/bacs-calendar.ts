import { addDays, daysInMonth } from '../../../rules';

/**
 * Bacs' working-day calendar and three-day cycle, as pure functions of a set of bank holidays (the
 * `bank_holidays` table, England and Wales). Day 1 (input): the file is submitted; day 2 (processing): Bacs
 * processes it, the date in the file's UHL1; day 3 (entry): the money leaves the payer's account — the
 * collection date. Weekends and bank holidays are not working days and never count.
 */
export class BacsCalendar {
  constructor(private readonly holidays: ReadonlySet<string>) {}

  isWorkingDay(date: string): boolean {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6 && !this.holidays.has(date);
  }

  /** `date` itself when it is a working day, else the next one. */
  onOrAfter(date: string): string {
    let day = date;
    while (!this.isWorkingDay(day)) day = addDays(day, 1);
    return day;
  }

  /** `n` working days after (n > 0) or before (n < 0) `date`; `date` itself need not be a working day. */
  addWorkingDays(date: string, n: number): string {
    let day = date;
    const step = n < 0 ? -1 : 1;
    for (let left = Math.abs(n); left > 0; ) {
      day = addDays(day, step);
      if (this.isWorkingDay(day)) left--;
    }
    return day;
  }

  /** Bacs' processing day (day 2) of a collection date (day 3). */
  processingDay(collectionDate: string): string {
    return this.addWorkingDays(collectionDate, -1);
  }

  /** The day the file must be submitted (day 1) for money to leave the payer on `collectionDate`. */
  submissionDay(collectionDate: string): string {
    return this.addWorkingDays(collectionDate, -2);
  }

  /** The earliest collection date of a file submitted on `today` (the next working day's file when today is not one). */
  earliestCollection(today: string): string {
    return this.addWorkingDays(this.onOrAfter(today), 2);
  }

  /**
   * The collection date of payment day `paymentDay` in a month: day 1–29 of the month, 31 meaning its last day;
   * moved to the next working day when it falls on a weekend or bank holiday.
   */
  collectionDateInMonth(year: number, month: number, paymentDay: number): string {
    return this.onOrAfter(nominalPaymentDate(year, month, paymentDay));
  }

  /**
   * The first collection of a new (or changed) schedule: the first month's payment day whose collection date
   * leaves the payer `noticeWorkingDays` of advance notice from `today` and fits the Bacs cycle.
   */
  firstCollection(today: string, paymentDay: number, noticeWorkingDays: number): string {
    const earliest = [this.earliestCollection(today), this.addWorkingDays(today, noticeWorkingDays)].sort().at(-1)!;
    let [year, month] = today.split('-').map(Number) as [number, number];
    for (;;) {
      const date = this.collectionDateInMonth(year, month, paymentDay);
      if (date >= earliest) return date;
      month += 1;
      if (month === 13) [year, month] = [year + 1, 1];
    }
  }
}

/** Payment day 1–29 of the month, or 31 for its last day; 30 is not offered (it does not exist in February). */
export function nominalPaymentDate(year: number, month: number, paymentDay: number): string {
  if (!(Number.isInteger(paymentDay) && ((paymentDay >= 1 && paymentDay <= 29) || paymentDay === 31))) {
    throw new RangeError(`Payment day must be 1 to 29, or 31 for the last day of the month (got ${paymentDay})`);
  }
  const day = paymentDay === 31 ? daysInMonth(year, month) : paymentDay;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Advance notice given before a first collection or an amount change, in working days (Bacs' default 10). */
export const DEFAULT_ADVANCE_NOTICE_WORKING_DAYS = 10;

/** `DD_ADVANCE_NOTICE_WORKING_DAYS` when set (3–30), else the default. */
export function advanceNoticeWorkingDays(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DD_ADVANCE_NOTICE_WORKING_DAYS;
  if (raw === undefined || raw === '') return DEFAULT_ADVANCE_NOTICE_WORKING_DAYS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 3 || value > 30) throw new Error(`DD_ADVANCE_NOTICE_WORKING_DAYS must be a whole number of working days from 3 to 30 (got ${raw})`);
  return value;
}
