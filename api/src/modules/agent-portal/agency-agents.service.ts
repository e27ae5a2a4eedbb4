import crypto from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { Agency, User, type Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import { recordChange } from '../../audit/record-change';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { email as emailRule, personName } from '../../rules';
import { resetLink } from '../identity/password-reset.service';
import { queueEmail } from '../outbox/queue-message.service';
import type { AgentScope } from './agent-scope.service';

/** An invitation link stays usable for a week (a password-reset link, once). */
export const INVITE_TTL_DAYS = 7;
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function assertManager(scope: AgentScope) {
  if (!scope.canManageAgents) throw new DomainError('FORBIDDEN', "Only the agency's root account may manage its agents");
}

function checkNames(input: { firstName?: unknown; lastName?: unknown }): { firstName: string; lastName: string; errors: FieldError[] } {
  const firstName = typeof input.firstName === 'string' ? input.firstName.trim() : '';
  const lastName = typeof input.lastName === 'string' ? input.lastName.trim() : '';
  const errors: FieldError[] = [];
  for (const [field, value] of [['firstName', firstName], ['lastName', lastName]] as const) {
    if (!value) errors.push({ field, rule: 'required', message: 'Required' });
    else if (value.length > 100) errors.push({ field, rule: 'maxLength', message: 'At most 100 characters' });
    else if (personName(value)) errors.push({ field, rule: 'personName', message: personName(value)! });
  }
  return { firstName, lastName, errors };
}

/** The agents of the selected agency (root accounts only: other agents see just themselves in Settings). */
export async function listAgencyAgents(db: Knex, scope: AgentScope) {
  const agents = scope.canManageAgents ? await Agency.relatedQuery('agents', db).for(scope.agency.id).orderBy(['last_name', 'first_name']) : await User.query(db).where('id', scope.userId);
  return agents.map((agent) => ({ id: agent.id, firstName: agent.firstName, lastName: agent.lastName, email: agent.email, isYou: agent.id === scope.userId }));
}

/**
 * A root account invites an agent to its agency: a new agent account (no password yet) or an existing agent
 * linked to this agency too, and an e-mail with a one-time link to choose a password. Accounts of other
 * kinds (tenants, staff) cannot be made agents this way.
 */
export async function inviteAgencyAgent(
  db: Knex,
  boss: PgBoss,
  scope: AgentScope,
  input: { email?: unknown; firstName?: unknown; lastName?: unknown },
  context: { baseUrl: string; siteName: string },
) {
  assertManager(scope);
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  const { firstName, lastName, errors } = checkNames(input);
  if (!email) errors.unshift({ field: 'email', rule: 'required', message: 'Required' });
  else if (email.length > 254 || emailRule(email)) errors.unshift({ field: 'email', rule: 'email', message: 'Invalid e-mail address' });
  if (errors.length) throw DomainError.invalid(errors);

  return db.transaction(async (trx) => {
    let agent = await User.query(trx).whereRaw('lower(email) = lower(?)', [email]).first();
    if (agent && agent.role !== 'agent') throw DomainError.invalid([{ field: 'email', rule: 'agent', message: 'This e-mail belongs to an account that is not an agent' }]);
    if (!agent) {
      agent = await User.query(trx).insertAndFetch({ email, firstName, lastName, role: 'agent' } as Partial<User>);
      await recordChange(trx, { action: 'INSERT', entity: 'users', entityId: agent.id, actorUserId: scope.userId, after: { id: agent.id, email, role: 'agent' } });
    }
    const linked = await trx('agent_agencies').where({ user_id: agent.id, agency_id: scope.agency.id }).first();
    if (linked) throw DomainError.invalid([{ field: 'email', rule: 'unique', message: 'This agent already works for the agency' }]);
    const [link] = await trx('agent_agencies').insert({ user_id: agent.id, agency_id: scope.agency.id }).returning('id');
    await recordChange(trx, { action: 'INSERT', entity: 'agent_agencies', entityId: (link as { id: number }).id, actorUserId: scope.userId, after: { userId: agent.id, agencyId: scope.agency.id } });
    const token = crypto.randomBytes(32).toString('base64url');
    await trx('password_reset_tokens').insert({ user_id: agent.id, token_hash: sha256(token), expires_at: new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000) });
    await queueEmail(trx, boss, {
      to: agent.email,
      subject: `You are invited to the ${scope.agency.name} agent portal`,
      text: [
        `Hello ${agent.firstName || 'there'},`,
        '',
        `You have been invited to manage ${scope.agency.name}'s properties in the ${context.siteName} agent portal.`,
        `Choose your password here within ${INVITE_TTL_DAYS} days; the link works once:`,
        '',
        resetLink(context.baseUrl, 'agent', token),
      ].join('\n'),
      groupId: scope.agency.groupId,
    });
    return { id: agent.id, firstName: agent.firstName, lastName: agent.lastName, email: agent.email, isYou: false };
  });
}

/** "Agents can be removed through the agent portal": a root account unlinks an agent from its agency (never itself). */
export async function removeAgencyAgent(db: Knex, scope: AgentScope, agentId: unknown): Promise<boolean> {
  assertManager(scope);
  const id = Number(agentId);
  if (id === scope.userId) throw DomainError.invalid([{ field: 'agentId', rule: 'notSelf', message: 'You cannot remove yourself' }]);
  return db.transaction(async (trx) => {
    const link = Number.isSafeInteger(id) ? await trx('agent_agencies').where({ user_id: id, agency_id: scope.agency.id }).first() : undefined;
    if (!link) throw new DomainError('NOT_FOUND', 'Agent not found');
    await trx('agent_agencies').where({ id: link.id }).delete();
    await recordChange(trx, { action: 'DELETE', entity: 'agent_agencies', entityId: link.id, actorUserId: scope.userId, before: { userId: id, agencyId: scope.agency.id } });
    return true;
  });
}

/** The agent's own name (Settings); the password is changed with changePassword. */
export async function updateOwnAgentDetails(db: Knex, user: AuthUser, input: { firstName?: unknown; lastName?: unknown }) {
  const { firstName, lastName, errors } = checkNames(input);
  if (errors.length) throw DomainError.invalid(errors);
  const updated = await User.query(db).patchAndFetchById(user.id, { firstName, lastName } as Partial<User>);
  return { id: updated.id, firstName: updated.firstName, lastName: updated.lastName, email: updated.email, isYou: true };
}
