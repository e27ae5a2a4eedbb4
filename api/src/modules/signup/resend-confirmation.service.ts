import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { consumeAttempt } from '../../auth/rate-limit';
import { DomainError } from '../../errors/domain-error';
import { email as emailRule } from '../../rules';
import { groupBrand } from '../brand/group-brand';
import { findUserByEmail } from '../identity/login.service';
import { accountGroupId } from '../identity/password-reset.service';
import { queueEmail } from '../outbox/queue-message.service';
import { CONFIRM_LINK_TTL_DAYS, issueConfirmationLink } from './signup-emails';

/** A person may ask for a new link this often; an address (a script) a little more. */
export const RESEND_CONFIRMATION_LIMITS = {
  perAccount: { limit: 3, windowMinutes: 60 },
  perIp: { limit: 10, windowMinutes: 60 },
};

/** What the page says whatever the account: it tells no one whether an address has an account waiting. */
export const CONFIRMATION_RESENT = `If this address has an account waiting for confirmation, a new link is on its way: it works once, within ${CONFIRM_LINK_TTL_DAYS} days.`;

/**
 * "Send the link again": a tenant who did not open the welcome e-mail's link in time (or lost it) asks for a new
 * one, from the sign-in page that refused them or from the expired link's page. An unconfirmed tenant account gets
 * a new one-time link by e-mail, in its group's brand; any other address gets nothing, and the answer is the same.
 */
export async function resendSignupConfirmation(db: Knex, boss: PgBoss, input: { email: string }, context: { ip: string | null; baseUrl: string; siteName: string }): Promise<{ sent: true; message: string }> {
  const email = (input.email ?? '').trim();
  const invalid = email ? emailRule(email) : 'Required';
  if (invalid) throw DomainError.invalid([{ field: 'email', rule: email ? 'email' : 'required', message: invalid }]);
  await consumeAttempt(db, { key: `signup-resend:account:${email.toLowerCase()}`, ...RESEND_CONFIRMATION_LIMITS.perAccount });
  await consumeAttempt(db, { key: `signup-resend:ip:${context.ip ?? 'unknown'}`, ...RESEND_CONFIRMATION_LIMITS.perIp });
  const user = await findUserByEmail(db, email);
  if (user && !user.confirmed_at && (user.role === 'front' || user.role === 'bill-payer')) {
    await db.transaction(async (trx) => {
      const link = await issueConfirmationLink(trx, user.id, context.baseUrl);
      const groupId = await accountGroupId(trx, user.id);
      const brandName = groupId ? (await groupBrand(trx, groupId)).name : context.siteName;
      await queueEmail(trx, boss, {
        to: user.email,
        subject: `Confirm your ${brandName} account`,
        text: [
          `Hello ${user.first_name || 'there'},`,
          '',
          `Here is a new link to confirm your e-mail address and sign in to your ${brandName} account (it works once, within ${CONFIRM_LINK_TTL_DAYS} days):`,
          '',
          link,
          '',
          'If you did not ask for it, ignore this e-mail.',
        ].join('\n'),
        groupId,
      });
    });
  }
  return { sent: true, message: CONFIRMATION_RESENT };
}
