import type { PgBoss } from 'pg-boss';
import { TenantContract, type Knex } from '@app/db';
import { recordAuthEvent } from '../../auth/auth-events';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError } from '../../errors/domain-error';
import { brandedEmail } from '../brand/branded-email';
import { groupBrand } from '../brand/group-brand';
import { queueEmail } from '../outbox/queue-message.service';
import { issuePasswordLink } from './password-reset.service';
import { isBlacklisted } from '../outbox/email-blacklist';

/** An invitation's set-password link lasts a week: a new tenant may not read the e-mail the same day. */
export const INVITE_LINK_TTL_DAYS = 7;

export const WELCOME_EMAIL_CANNOT_BE_SENT = 'Welcome e-mail cannot be sent';
export const TENANT_HAS_NO_CONTRACTS_IN_GROUP = 'Tenant has no contracts in this group';

/**
 * "Invite" on a tenant staff created: the welcome e-mail of the group's brand with a link to choose a password
 * (a one-time token like a password reset's, valid a week). The tenant must have a contract in the staff
 * member's group; a blacklisted or unusable address gets nothing, with the specification's message.
 */
export async function inviteTenant(
  db: Knex,
  boss: PgBoss,
  actor: AuthUser,
  groupId: number,
  tenantId: number,
  context: { baseUrl: string },
): Promise<{ email: string }> {
  const contract = await TenantContract.query(db).findOne({ user_id: tenantId, group_id: groupId }).withGraphFetched('tenant');
  const tenant = contract?.tenant;
  if (!tenant || !['front', 'bill-payer'].includes(tenant.role)) {
    throw new DomainError('NOT_FOUND', TENANT_HAS_NO_CONTRACTS_IN_GROUP, { fields: [{ field: 'tenantId', rule: 'groupContract', message: TENANT_HAS_NO_CONTRACTS_IN_GROUP }] });
  }
  if (await isBlacklisted(db, tenant.email)) throw DomainError.invalid([{ field: 'email', rule: 'blacklisted', message: `${WELCOME_EMAIL_CANNOT_BE_SENT}: ${tenant.email} is on the e-mail blacklist` }]);
  const brand = await groupBrand(db, groupId);
  await db.transaction(async (trx) => {
    const link = await issuePasswordLink(trx, tenant, INVITE_LINK_TTL_DAYS * 86_400_000, context.baseUrl);
    const { text, html } = brandedEmail(brand, [
      `Hello ${tenant.firstName || 'there'},`,
      '',
      `Welcome to ${brand.name}. Your account is ready: choose a password here to sign in, see your bills and pay.`,
      `The link works once, within ${INVITE_LINK_TTL_DAYS} days:`,
      '',
      link,
      '',
      `Then sign in at ${context.baseUrl}/signin/tenant with ${tenant.email}.`,
    ]);
    try {
      await queueEmail(trx, boss, { to: tenant.email, subject: `Welcome to ${brand.name}: choose your password`, text, html, groupId });
    } catch (error) {
      if (error instanceof DomainError) throw DomainError.invalid([{ field: 'email', rule: 'deliverable', message: `${WELCOME_EMAIL_CANNOT_BE_SENT}: ${error.message}` }]);
      throw error;
    }
    // A set-password link was issued, by staff: recorded like a reset request, saying who invited.
    await recordAuthEvent(trx, 'PASSWORD_RESET_REQUESTED', { userId: tenant.id, email: tenant.email, ip: null }, { invitation: true, invitedBy: actor.id, groupId });
  });
  return { email: tenant.email };
}
