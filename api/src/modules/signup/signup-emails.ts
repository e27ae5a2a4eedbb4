import crypto from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { AccountConfirmationToken, SignupInvitation, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { formatDisplayDate, SIGNUP_MESSAGES } from '../../rules';
import { blacklistedAmong } from '../outbox/email-blacklist';
import { queueEmail } from '../outbox/queue-message.service';

/*
 * The sign-up's e-mails, written to the outbox in the sign-up's transaction (sent only if it commits): the
 * welcome e-mail with the one-time link that confirms the account, and one invitation per housemate with the
 * link to the join step. The outbox never mails a blacklisted address, so such an address is refused here,
 * by field, before anything is written: "Welcome e-mail cannot be sent".
 */

/** A confirmation link lasts a week, like the invitation staff send: a new tenant may not read it the same day. */
export const CONFIRM_LINK_TTL_DAYS = 7;

export const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');

/** Refuses the sign-up when any of its addresses would not be mailed: the tenant's, or a housemate's. */
export async function assertMailable(trx: Knex, tenantEmail: string, housemates: readonly string[]): Promise<void> {
  const blocked = await blacklistedAmong(trx, [tenantEmail, ...housemates]);
  if (blocked.size === 0) return;
  const key = (email: string) => email.trim().toLowerCase();
  const errors = [
    ...(blocked.has(key(tenantEmail)) ? [{ field: 'tenant.email', rule: 'deliverable', message: `${SIGNUP_MESSAGES.welcomeEmail}: this address is on our e-mail blacklist` }] : []),
    ...housemates.flatMap((email, index) => (blocked.has(key(email)) ? [{ field: `housemates[${index}]`, rule: 'deliverable', message: 'The invitation cannot be sent: this address is on our e-mail blacklist' }] : [])),
  ];
  throw DomainError.invalid(errors);
}

/** Stores a one-time confirmation token (its hash only) and returns the link for the welcome e-mail. */
export async function issueConfirmationLink(trx: Knex, userId: number, baseUrl: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await AccountConfirmationToken.query(trx).insert({ userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + CONFIRM_LINK_TTL_DAYS * 86_400_000) });
  return `${baseUrl}/signup-complete?confirm=${token}`;
}

export interface WelcomeEmail {
  groupId: number;
  to: string;
  firstName: string;
  brand: string;
  address: string;
  startDate: string;
  /** Null when the account was confirmed before (a tenant signing a further contract). */
  confirmLink: string | null;
  signInUrl: string;
}

export async function queueWelcomeEmail(trx: Knex.Transaction, boss: PgBoss, mail: WelcomeEmail): Promise<number> {
  const text = [
    `Hello ${mail.firstName},`,
    '',
    `Welcome to ${mail.brand}: you have signed up for the bills of ${mail.address} from ${formatDisplayDate(mail.startDate)}. You pay your own share only.`,
    'We have planted a tree for you.',
    '',
    ...(mail.confirmLink ? ['Confirm your e-mail address to sign in to your account (the link works once, within 7 days):', '', mail.confirmLink, ''] : []),
    `Sign in at ${mail.signInUrl} with ${mail.to}.`,
  ].join('\n');
  try {
    return await queueEmail(trx, boss, { to: mail.to, subject: `Welcome to ${mail.brand}`, text, groupId: mail.groupId });
  } catch (error) {
    if (error instanceof DomainError) throw DomainError.invalid([{ field: 'tenant.email', rule: 'deliverable', message: `${SIGNUP_MESSAGES.welcomeEmail}: ${error.message}` }]);
    throw error;
  }
}

/** The join step's link for one housemate (the site reads both parameters). */
export function joinLink(baseUrl: string, houseContractId: number, email: string): string {
  return `${baseUrl}/signup/join?houseContractId=${houseContractId}&email=${encodeURIComponent(email)}`;
}

/** One invitation row and one e-mail per housemate the lead named. */
export async function inviteHousemates(
  trx: Knex.Transaction,
  boss: PgBoss,
  invite: { groupId: number; houseContractId: number; leadTenantContractId: number; leadName: string; brand: string; address: string; baseUrl: string; emails: readonly string[] },
): Promise<void> {
  for (const email of invite.emails) {
    await SignupInvitation.query(trx).insert({ groupId: invite.groupId, houseContractId: invite.houseContractId, email, invitedByTenantContractId: invite.leadTenantContractId });
    await queueEmail(trx, boss, {
      to: email,
      subject: `${invite.leadName} invited you to share the bills of ${invite.address}`,
      text: [
        'Hello,',
        '',
        `${invite.leadName} has signed up for the bills of ${invite.address} with ${invite.brand} and invited you to join the house.`,
        'Each housemate pays their own share only: nobody pays for anyone else.',
        '',
        `Join here: ${joinLink(invite.baseUrl, invite.houseContractId, email)}`,
        `Your house contract ID is ${invite.houseContractId}.`,
      ].join('\n'),
      groupId: invite.groupId,
    });
  }
}
