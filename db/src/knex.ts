import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// PostgreSQL returns int8 (counts, bigint ids) as strings by default; our ids and pence fit in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// DATE columns are calendar dates (Europe/London), not instants: keep them as 'YYYY-MM-DD' strings.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type { Knex };

export function createKnex(connectionString: string, options: { poolMax?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString, application_name: process.env.APP_PROCESS_NAME ?? 'bills' },
    pool: { min: 0, max: options.poolMax ?? 10 },
  });
}
