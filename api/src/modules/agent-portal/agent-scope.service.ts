import { Agency, type Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError } from '../../errors/domain-error';

/** What one agent request may see and do: the selected agency, its branches, and whether it may change anything. */
export interface AgentScope {
  userId: number;
  agency: Agency;
  /** The selected agency and its branches (children, grandchildren…): every house and contract query filters on these. */
  agencyIds: number[];
  /** FULL lets the agent submit readings and manage the agency; VIEW_ONLY only reads. */
  canEdit: boolean;
  /** The selected agency is a root account (not a branch) and the agent may manage its agents. */
  canManageAgents: boolean;
}

export const NOT_YOUR_AGENCY = 'This agency is not one of yours';

/**
 * Resolves the agency an agent works in for this request. A front-office agent (isFO) may name any of their
 * agencies (the site sends the one chosen in the switcher); every other agent works in their first agency
 * (by name, as currentAgent lists them). Naming an agency that is not the agent's is refused, never ignored,
 * so a tampered request cannot quietly read someone else's portfolio. NO_ACCESS agencies are refused.
 */
export async function resolveAgentScope(db: Knex, user: AuthUser, requestedAgencyId?: number | null): Promise<AgentScope> {
  const agencies = await Agency.query(db)
    .joinRelated('agents')
    .where('agents.id', user.id)
    .orderBy('agencies.name')
    .orderBy('agencies.id')
    .select('agencies.*');
  if (agencies.length === 0) throw new DomainError('FORBIDDEN', 'You are not linked to an agency');
  const requested = requestedAgencyId === undefined || requestedAgencyId === null ? null : Number(requestedAgencyId);
  if (requested !== null && !agencies.some((agency) => agency.id === requested)) throw new DomainError('FORBIDDEN', NOT_YOUR_AGENCY);
  const agency = (user.isFO && requested !== null ? agencies.find((a) => a.id === requested) : agencies[0])!;
  if (agency.portalPermissions === 'NO_ACCESS' || !agency.isActive) throw new DomainError('FORBIDDEN', 'Your agency has no access to the agent portal');
  return {
    userId: user.id,
    agency,
    agencyIds: await withBranches(db, agency.id),
    canEdit: agency.portalPermissions === 'FULL',
    canManageAgents: agency.portalPermissions === 'FULL' && agency.rootAccount && agency.parentId === null,
  };
}

/** The agency and every branch under it (one query per level; agency trees are shallow). */
async function withBranches(db: Knex, agencyId: number): Promise<number[]> {
  const ids = [agencyId];
  let level = [agencyId];
  while (level.length > 0) {
    const children = await Agency.query(db).whereIn('parent_id', level).whereNotIn('id', ids).select('id');
    level = children.map((child) => child.id);
    ids.push(...level);
  }
  return ids;
}

/** Refuses a change when the agency's portal permissions are view only. */
export function assertCanEdit(scope: AgentScope): void {
  if (!scope.canEdit) throw new DomainError('FORBIDDEN', 'Your agency can view the portal but not change anything');
}
