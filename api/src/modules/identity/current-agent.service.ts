import type { Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';

/** The signed-in agent with the agencies they work for (the agent portal's selected-agency switcher reads it). */
export async function readCurrentAgent(db: Knex, user: AuthUser) {
  const agencies: Array<{ id: number; name: string; is_active: boolean }> = await db('agent_agencies')
    .join('agencies', 'agencies.id', 'agent_agencies.agency_id')
    .where({ 'agent_agencies.user_id': user.id })
    .orderBy('agencies.name')
    .select('agencies.id', 'agencies.name', 'agencies.is_active');
  return {
    id: user.id,
    isFO: user.isFO,
    agencies: { nodes: agencies.map((agency) => ({ agencyInfo: { id: agency.id, name: agency.name, isActive: agency.is_active } })) },
  };
}
