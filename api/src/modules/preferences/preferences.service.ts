import { UserPreference, type Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError } from '../../errors/domain-error';

/** Only a list's saved filters are kept per account ("Bill.savedQueries", as react-admin's store names them). */
const PREFERENCE_KEY = /^[A-Z][A-Za-z]{0,80}\.savedQueries$/;
/** A list's saved filters as JSON: room for dozens of them, not for a file. */
export const PREFERENCE_MAX_CHARACTERS = 20_000;
/** Keys an account may keep: one per list, with room to spare. */
export const PREFERENCES_PER_ACCOUNT = 200;

export interface Preference {
  key: string;
  value: unknown;
}

/** The signed-in account's own preferences; nobody else's, whatever is asked. */
export async function myPreferences(db: Knex, user: AuthUser): Promise<Preference[]> {
  const rows = await UserPreference.query(db).where({ user_id: user.id }).orderBy('key');
  return rows.map(({ key, value }) => ({ key, value }));
}

/**
 * Keeps (or, with a null value, forgets) one preference of the signed-in account. The account is the caller's,
 * never one named by the client. Refused, naming the field and the rule: a key that is not a list's saved
 * filters, a value too long, more keys than an account keeps.
 */
export async function setMyPreference(db: Knex, user: AuthUser, key: unknown, value: unknown): Promise<boolean> {
  if (typeof key !== 'string' || !PREFERENCE_KEY.test(key)) {
    throw DomainError.invalid([{ field: 'key', rule: 'pattern', message: 'Only a list’s saved filters (“Resource.savedQueries”) are kept per account' }]);
  }
  if (value === null || value === undefined) {
    await UserPreference.query(db).delete().where({ user_id: user.id, key });
    return true;
  }
  if (JSON.stringify(value).length > PREFERENCE_MAX_CHARACTERS) {
    throw DomainError.invalid([{ field: 'value', rule: 'maxLength', message: `At most ${PREFERENCE_MAX_CHARACTERS.toLocaleString('en-GB')} characters of saved filters per list` }]);
  }
  return db.transaction(async (trx) => {
    // Serialised per account, so two tabs saving at once cannot both slip under the limit.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`user_preferences:${user.id}`]);
    const existing = await UserPreference.query(trx).findOne({ user_id: user.id, key });
    if (existing) {
      await UserPreference.query(trx).patch({ value, updatedAt: new Date() } as Partial<UserPreference>).where({ id: existing.id });
      return true;
    }
    const count = await UserPreference.query(trx).where({ user_id: user.id }).resultSize();
    if (count >= PREFERENCES_PER_ACCOUNT) {
      throw DomainError.invalid([{ field: 'key', rule: 'maxItems', message: `An account keeps the saved filters of at most ${PREFERENCES_PER_ACCOUNT} lists` }]);
    }
    await UserPreference.query(trx).insert({ userId: user.id, key, value } as Partial<UserPreference>);
    return true;
  });
}
