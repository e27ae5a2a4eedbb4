import { AccountConfirmationToken, User, type Knex } from '@app/db';
import { consumeAttempt } from '../../auth/rate-limit';
import { DomainError } from '../../errors/domain-error';
import { SIGNUP_MESSAGES } from '../../rules';
import { sha256 } from './signup-emails';

/*
 * "Confirm your account" from the welcome e-mail (`{site}/signup-complete?confirm={token}`): the link went to
 * the account's address, so opening it confirms that address and sign-in stops refusing with "You must confirm
 * your account first!". Each link works once and for 7 days; only its hash is stored; guesses are limited per address.
 */

export const CONFIRM_ACCOUNT_LIMIT = { limit: 30, windowMinutes: 60 };

export async function confirmSignupAccount(db: Knex, token: unknown, ip: string | null): Promise<{ email: string }> {
  await consumeAttempt(db, { key: `signup-confirm:ip:${ip ?? 'unknown'}`, ...CONFIRM_ACCOUNT_LIMIT });
  const expired = () => new DomainError('NOT_FOUND', SIGNUP_MESSAGES.confirmLinkExpired, { fields: [{ field: 'token', rule: 'valid', message: SIGNUP_MESSAGES.confirmLinkExpired }] });
  if (typeof token !== 'string' || !/^[\w-]{20,100}$/.test(token)) throw expired();
  return db.transaction(async (trx) => {
    // Locked: the same link opened twice at once confirms once, and the second is told it was used.
    const row = await AccountConfirmationToken.query(trx).findOne({ token_hash: sha256(token) }).forUpdate();
    if (!row || row.usedAt || row.expiresAt < new Date()) throw expired();
    await row.$query(trx).patch({ usedAt: new Date() });
    await User.query(trx).patch({ confirmedAt: new Date(), updatedAt: new Date() } as Partial<User>).where({ id: row.userId }).whereNull('confirmed_at');
    const user = (await User.query(trx).findById(row.userId))!;
    return { email: user.email };
  });
}
