import type { Knex } from 'knex';

/**
 * The back office's search box finds a house, a tenant or an agency by any part of its words (ILIKE '%…%',
 * api/src/modules/search/search-terms.ts). Without an index that reads every row of `houses` and `users`
 * (p95 above 700 ms on the 40,000-house bench set); pg_trgm's GIN indexes on the same expressions find the
 * matching rows directly. One index per expression: the planner prices a three-column GIN index as if each
 * condition read all of it, and chose to scan the 40,000 houses instead (42 ms against 0.1 ms for a postcode
 * that matches nothing). pg_trgm is a trusted extension: the database's owner may create it.
 */
const INDEXES: Array<[name: string, table: string, expression: string]> = [
  ['houses_post_code_trgm', 'houses', `(replace(post_code, ' ', ''))`],
  ['houses_street_name_trgm', 'houses', 'street_name'],
  ['houses_city_name_trgm', 'houses', 'city_name'],
  ['users_full_name_trgm', 'users', `(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`],
  ['users_email_trgm', 'users', 'email'],
  ['users_phone_trgm', 'users', 'phone'],
  ['agencies_name_trgm', 'agencies', 'name'],
  ['agencies_email_trgm', 'agencies', 'email'],
  ['agencies_post_code_trgm', 'agencies', `(replace(post_code, ' ', ''))`],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  for (const [name, table, expression] of INDEXES) await knex.raw(`CREATE INDEX ${name} ON ${table} USING gin (${expression} gin_trgm_ops)`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
