import rates from './tariff-rates.json';

// Only slugs and labels go into the main bundle (for routes and titles); the tables load with the page.
export const TARIFF_PERIODS: ReadonlyArray<{ slug: string; label: string }> = rates.periods.map(({ slug, label }) => ({ slug, label }));

export function tariffTitle(label: string): string {
  return `Our tariffs: ${label}`;
}
