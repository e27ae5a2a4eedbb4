/**
 * When a prepayment meter may be topped up (specification §8, domain notes): Monday to Friday 09:00–17:00
 * London time, but not 16:00–17:00 (the office is closing: a top-up then could not be checked the same day),
 * and never on a bank holiday. Pure, so the site's tooltip and the server's refusal say the same thing.
 */

export const TOP_UP_BLOCKED = {
  bankHoliday: 'bank holiday',
  officeClosing: 'office closing',
  officeClosed: 'office closed',
} as const;

export type TopUpBlock = (typeof TOP_UP_BLOCKED)[keyof typeof TOP_UP_BLOCKED];

const londonParts = (now: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), weekday: String(parts.weekday) };
};

/** Null when a top-up is allowed now; otherwise the reason shown to the user. */
export function topUpBlockedReason(now: Date, bankHolidays: ReadonlySet<string>): TopUpBlock | null {
  const { date, hour, weekday } = londonParts(now);
  if (bankHolidays.has(date)) return TOP_UP_BLOCKED.bankHoliday;
  if (weekday === 'Sat' || weekday === 'Sun' || hour < 9 || hour >= 17) return TOP_UP_BLOCKED.officeClosed;
  if (hour === 16) return TOP_UP_BLOCKED.officeClosing;
  return null;
}
