import crypto from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { recordAuthEvent } from '../../auth/auth-events';
import { consumeAttempt, countAttempt, PASSWORD_RESET_LIMITS, readHits } from '../../auth/rate-limit';
import { DomainError } from '../../errors/domain-error';
import { logger } from '../../observability/logger';
import { email as emailRule, PASSWORD_RESET_MESSAGES, TOO_MANY_ATTEMPTS } from '../../rules';
import { groupBrand } from '../brand/group-brand';
import { queueEmail } from '../outbox/queue-message.service';
import { findUserByEmail } from './login.service';
import { storeNewPassword, validateNewPassword } from './set-password';

/** A reset link works once, within this time. */
export const RESET_LINK_TTL_MINUTES = 60;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * Stores a one-time set-password token for the user, valid for `ttlMs`, and returns the link to mail. Only a
 * hash of the token is kept, so the database alone cannot be used to set anyone's password.
 */
export async function issuePasswordLink(trx: Knex, user: { id: number; role: string }, ttlMs: number, baseUrl: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await trx('password_reset_tokens').insert({ user_id: user.id, token_hash: sha256(token), expires_at: new Date(Date.now() + ttlMs) });
  return resetLink(baseUrl, user.role, token);
}

/** The link in the e-mail: agents reset through the agents' pages, staff through the back office's, tenants through /resetpass. */
export function resetLink(baseUrl: string, role: string, token: string): string {
  const page = role === 'agent' ? '/agents/resetpass' : role === 'backoffice' || role === 'partner' ? '/admin-signin/reset' : '/resetpass';
  return `${baseUrl}${page}/${token}`;
}

/**
 * The specification's "No account can be found with this email address." tells whether an account exists,
 * so each such answer is counted per address (limited, then refused like any other excess) and recorded;
 * an address collecting many is logged as a possible enumeration of accounts for the operators to see.
 */
async function refuseUnknownEmail(db: Knex, email: string, ip: string | null, misses: number): Promise<DomainError> {
  await recordAuthEvent(db, 'PASSWORD_RESET_REQUESTED', { email, ip }, { found: false, missesFromAddress: misses });
  if (misses >= PASSWORD_RESET_LIMITS.enumerationWarningAt) {
    logger.warn({ component: 'security', ip, misses }, `possible account enumeration: ${misses} unknown e-mails asked for a password reset from ${ip ?? 'an unknown address'} this hour`);
  }
  return DomainError.invalid([{ field: 'email', rule: 'exists', message: PASSWORD_RESET_MESSAGES.unknownEmail }]);
}

/** Sends a one-time reset link through the outbox. */
export async function requestPasswordReset(
  db: Knex,
  boss: PgBoss,
  input: { email: string },
  context: { ip: string | null; baseUrl: string; siteName: string },
): Promise<{ sent: true }> {
  const email = (input.email ?? '').trim();
  const invalid = email ? emailRule(email) : 'Required';
  if (invalid) throw DomainError.invalid([{ field: 'email', rule: email ? 'email' : 'required', message: invalid }]);
  await consumeAttempt(db, { key: `reset:account:${email.toLowerCase()}`, ...PASSWORD_RESET_LIMITS.perAccount });
  await consumeAttempt(db, { key: `reset:ip:${context.ip ?? 'unknown'}`, ...PASSWORD_RESET_LIMITS.perIp });

  const missKey = { key: `reset:unknown-email:ip:${context.ip ?? 'unknown'}`, ...PASSWORD_RESET_LIMITS.unknownEmailPerIp };
  if ((await readHits(db, missKey)) >= missKey.limit) {
    await recordAuthEvent(db, 'RATE_LIMITED', { email, ip: context.ip }, { reason: 'password-reset-unknown-emails' });
    throw new DomainError('RATE_LIMITED', TOO_MANY_ATTEMPTS, { retryAfterMinutes: missKey.windowMinutes });
  }
  const user = await findUserByEmail(db, email);
  if (!user) throw await refuseUnknownEmail(db, email, context.ip, await countAttempt(db, missKey));
  await db.transaction(async (trx) => {
    const link = await issuePasswordLink(trx, user, RESET_LINK_TTL_MINUTES * 60_000, context.baseUrl);
    const groupId = await accountGroupId(trx, user.id);
    const brandName = groupId ? (await groupBrand(trx, groupId)).name : context.siteName;
    await queueEmail(trx, boss, {
      to: user.email,
      subject: `Reset your ${brandName} password`,
      text: [
        `Hello ${user.first_name || 'there'},`,
        '',
        `Someone (we hope you) asked to reset the password of your ${brandName} account.`,
        `Choose a new password here within ${RESET_LINK_TTL_MINUTES} minutes; the link works once:`,
        '',
        link,
        '',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
      groupId,
    });
    await recordAuthEvent(trx, 'PASSWORD_RESET_REQUESTED', { userId: user.id, email: user.email, ip: context.ip });
  });
  return { sent: true };
}

/** Whether a link can still be used (the reset page asks before showing the form). */
export async function isResetLinkValid(db: Knex, token: string): Promise<boolean> {
  const row = await db('password_reset_tokens').where({ token_hash: sha256(token ?? '') }).whereNull('used_at').where('expires_at', '>', db.fn.now()).first('id');
  return Boolean(row);
}

/** Sets a new password from a reset link; the link is spent, and every earlier token of the user revoked. */
export async function resetPassword(
  db: Knex,
  input: { token: string; password: string; confirmPassword: string },
  context: { ip: string | null; production: boolean },
): Promise<{ reset: true }> {
  validateNewPassword(input.password, input.confirmPassword, context.production);
  return db.transaction(async (trx) => {
    // Locks the row: two submissions of the same link cannot both succeed.
    const row = await trx('password_reset_tokens')
      .where({ token_hash: sha256(input.token ?? '') })
      .forUpdate()
      .first('id', 'user_id', 'used_at', 'expires_at');
    if (!row || row.used_at || row.expires_at < new Date()) {
      throw new DomainError('NOT_FOUND', PASSWORD_RESET_MESSAGES.linkExpired, { reason: 'linkExpired' });
    }
    await trx('password_reset_tokens').where({ id: row.id }).update({ used_at: trx.fn.now() });
    await storeNewPassword(trx, row.user_id, input.password);
    // The link went to the account's e-mail address, so using it confirms the address: a tenant staff created
    // and invited can sign in straight after choosing a password.
    await trx('users').where({ id: row.user_id }).whereNull('confirmed_at').update({ confirmed_at: trx.fn.now() });
    await recordAuthEvent(trx, 'PASSWORD_RESET', { userId: row.user_id, ip: context.ip });
    return { reset: true as const };
  });
}

/**
 * The group whose brand an account's e-mails wear: a tenant's newest contract's, else an agent's first agency's;
 * staff and accounts of no group get the product's own.
 */
export async function accountGroupId(db: Knex, userId: number): Promise<number | null> {
  const tenant = await db('tenant_contracts').where({ user_id: userId }).orderBy('id', 'desc').first('group_id');
  if (tenant) return tenant.group_id;
  const agent = await db('agent_agencies as aa').join('agencies as a', 'a.id', 'aa.agency_id').where('aa.user_id', userId).orderBy('aa.id').first('a.group_id');
  return agent?.group_id ?? null;
}
