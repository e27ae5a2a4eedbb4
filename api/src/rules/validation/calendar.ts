/**
 * Calendar arithmetic on 'YYYY-MM-DD' strings (Europe/London calendar dates, see `../dates`). Pure integer
 * arithmetic on the proleptic Gregorian calendar: no `Date`, no time zone, so no drift around midnight or
 * the clock changes. Every helper throws on a string that is not a real calendar date, because that is a
 * programming error; the rules check their inputs with `isIsoDate` before calling these.
 */
import { isIsoDate } from '../dates';

interface CalendarDate {
  year: number;
  month: number; // 1–12
  day: number; // 1–31
}

function parse(date: string): CalendarDate {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

function format({ year, month, day }: CalendarDate): string {
  if (year < 0 || year > 9999) throw new RangeError(`Year out of range: ${year}`);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 (H. Hinnant's days_from_civil). */
function toDayNumber({ year, month, day }: CalendarDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** Inverse of toDayNumber (civil_from_days). */
function fromDayNumber(days: number): CalendarDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** `date` plus `days` (negative to go back). */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return format(fromDayNumber(toDayNumber(parse(date)) + days));
}

/**
 * `date` plus `months` (negative to go back), clamped to the end of the target month when the day does not
 * exist there: 2025-05-31 + 9 months = 2026-02-28; 2023-05-31 + 9 months = 2024-02-29; 2026-01-31 + 1 = 2026-02-28.
 */
export function addMonths(date: string, months: number): string {
  if (!Number.isInteger(months)) throw new RangeError(`Not a whole number of months: ${months}`);
  const { year, month, day } = parse(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return format({ year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) });
}

/** The first and last days (YYYY-MM-DD) of the calendar month a date falls in. */
export function monthOf(date: string): { first: string; last: string } {
  const first = `${date.slice(0, 8)}01`;
  return { first, last: addDays(addMonths(first, 1), -1) };
}

/** Whole days from `from` to `to`: positive when `to` is later, 0 for the same date. */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(parse(to)) - toDayNumber(parse(from));
}

/** -1, 0 or 1. Valid 'YYYY-MM-DD' strings order like the dates they name. */
export function compareDates(a: string, b: string): number {
  parse(a);
  parse(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && isIsoDate(value);
}
