/** YYYY-MM-DD plus a number of days (negative to go back), in UTC so no clock change shifts it. */
export function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
