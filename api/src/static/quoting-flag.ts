import type { Knex } from '@app/db';
import { readEnabledFeatures } from '../modules/settings/read-system-settings.service';

/** How long a page view trusts the last reading of the flag: staff switching it wait at most this long. */
const FRESH_MS = 5_000;

/**
 * Whether online quoting (feature quotingFO) is on, read at most every few seconds: every prerendered page
 * carries it (`<html data-quoting="on|off">`) so its call to action is right before any script runs.
 */
export function quotingFlag(db: Knex): () => Promise<boolean> {
  let known: { on: boolean; at: number } | null = null;
  let reading: Promise<boolean> | null = null;
  return async () => {
    if (known && Date.now() - known.at < FRESH_MS) return known.on;
    reading ??= readEnabledFeatures(db)
      .then((features) => {
        known = { on: features.includes('quotingFO'), at: Date.now() };
        return known.on;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}

/** The page's <html> tag with the flag on it (the prerendered pages all start `<html lang=…>`). */
export function withQuotingFlag(html: string, on: boolean): string {
  return html.replace(/<html(?=[\s>])/, `<html data-quoting="${on ? 'on' : 'off'}"`);
}
