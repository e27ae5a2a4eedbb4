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

/** True for a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
}

/** DD/MM/YYYY, the display format of the specification (en-gb). */
export function formatDisplayDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}
