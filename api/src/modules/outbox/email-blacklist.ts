import type { Knex } from '@app/db';

/** How the blacklist compares addresses: trimmed and case-blind, as its unique index does. */
export const blacklistKey = (email: string): string => email.trim().toLowerCase();

/** The blacklisted addresses among `emails`, by blacklistKey (one query for a whole batch). */
export async function blacklistedAmong(trx: Knex, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const keys = [...new Set(emails.map(blacklistKey))];
  const rows: Array<{ email: string }> = await trx('email_blacklist').whereRaw('lower(btrim(email)) = ANY(?::text[])', [keys]).select(trx.raw('lower(btrim(email)) AS email'));
  return new Set(rows.map((row) => row.email));
}

/** Whether one address is on the e-mail blacklist. */
export async function isBlacklisted(trx: Knex, email: string): Promise<boolean> {
  return (await blacklistedAmong(trx, [email])).has(blacklistKey(email));
}
