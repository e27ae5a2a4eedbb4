/** `npm run db:migrate`: applies pending migrations (to DATABASE_URL, or to the embedded PostgreSQL) and exits. */
import { createKnex } from '../knex';
import { runMigrations } from '../migrate';
import { resolveDatabase } from '../resolve-database';

async function main(): Promise<void> {
  const database = await resolveDatabase(process.env, (line) => console.log(line));
  const knex = createKnex(database.url, { poolMax: 2 });
  try {
    const applied = await runMigrations(knex);
    console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date');
  } finally {
    await knex.destroy();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
