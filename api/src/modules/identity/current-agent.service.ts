import { Agency, type Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';

/**
 * The signed-in agent (specification §3, current agent): their city, the agencies they work for with each
 * agency's rootAccount and portalPermissions, and the agency view list (each agency with its branches as
 * children) that the agent portal's switcher and pages read. Agencies are ordered by name; an agent who is
 * not front-office works in the first.
 */
export async function readCurrentAgent(db: Knex, user: AuthUser) {
  const [agencies, city] = await Promise.all([
    Agency.query(db).joinRelated('agents').where('agents.id', user.id).orderBy('agencies.name').orderBy('agencies.id').select('agencies.*'),
    db('users').leftJoin('cities', 'cities.id', 'users.city_id').where('users.id', user.id).first('cities.id', 'cities.name') as Promise<{ id: number | null; name: string | null } | undefined>,
  ]);
  const children = agencies.length ? await Agency.query(db).whereIn('parent_id', agencies.map((agency) => agency.id)).orderBy('name') : [];
  const info = (agency: Agency) => ({ id: agency.id, name: agency.name, isActive: agency.isActive });
  return {
    id: user.id,
    isFO: user.isFO,
    city: city?.id ? { id: city.id, city: city.name } : null,
    agencies: {
      nodes: agencies.map((agency) => ({ rootAccount: agency.rootAccount, portalPermissions: agency.portalPermissions, agencyInfo: info(agency) })),
    },
    agencyView: agencies.map((agency) => ({ ...info(agency), children: children.filter((child) => child.parentId === agency.id).map(info) })),
  };
}
