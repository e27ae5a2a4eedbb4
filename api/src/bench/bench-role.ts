import type { Knex } from '@app/db';
import { BACKOFFICE_AREAS, PERMISSION_KEYS } from '../rules';

/** The benches' back-office role: WRITE on every area and every permission key, made once per database. */
export async function benchAdministratorRole(knex: Knex): Promise<number> {
  const found = await knex('backoffice_roles').whereRaw('lower(name) = ?', ['bench administrator']).first('id');
  if (found) return found.id as number;
  const [role] = await knex('backoffice_roles')
    .insert({
      name: 'Bench administrator',
      account_type: 'STAFF',
      permissions: JSON.stringify(Object.fromEntries(BACKOFFICE_AREAS.map((area) => [area, 'WRITE']))),
      permission_keys: [...PERMISSION_KEYS],
    })
    .returning('id');
  return role.id as number;
}
