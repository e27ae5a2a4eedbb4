const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Pence as pounds, e.g. 9317 → £93.17. */
export function money(pence: number): string {
  return POUNDS.format(pence / 100);
}
