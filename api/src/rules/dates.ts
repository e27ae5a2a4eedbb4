/** Calendar dates are Europe/London dates, as 'YYYY-MM-DD', whatever the server's own time zone. */
export const LONDON_TIME_ZONE = 'Europe/London';

const isoDateInLondon = new Intl.DateTimeFormat('en-CA', {
  timeZone: LONDON_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function londonDate(instant: Date): string {
  return isoDateInLondon.format(instant);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True for a real calendar date written YYYY-MM-DD, years 0001 to 9999 (no 2026-02-30). Integer arithmetic
 * only: the billing engine checks every date it touches, and building a Date for each was a tenth of a bill
 * run's Node time.
 */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31);
}

/** DD/MM/YYYY, the display format of the specification (en-gb). */
const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A date as a letter or message to a customer writes it: '8 January 2027' (the ISO date's own day, any zone). */
export function formatLongDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${String(isoDate).slice(0, 10)}T00:00:00Z`));
}

export function formatDisplayDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}
