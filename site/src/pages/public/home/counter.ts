/** The counter of specification §4/§9: 5462 on 2022-06-20, plus 164 for every whole month since. */
export const COUNTER_START = 1000;
export const COUNTER_BASE = 5462;
export const COUNTER_PER_MONTH = 164;
export const COUNTER_DURATION_MS = 2000;

export function wholeMonthsSince(from: Date, to: Date): number {
  let months = (to.getFullYear() - from.getFullYear()) * 12 + (to.getMonth() - from.getMonth());
  if (to.getDate() < from.getDate()) months -= 1;
  return Math.max(0, months);
}

export function counterTarget(today: Date): number {
  return COUNTER_BASE + COUNTER_PER_MONTH * wholeMonthsSince(new Date(2022, 5, 20), today);
}

export function formatCount(value: number): string {
  return String(Math.round(value)).padStart(4, '0');
}
