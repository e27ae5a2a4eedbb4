import type { Knex } from 'knex';
import { migrations } from './migrations';

/** Knex reads migrations from this list instead of scanning a folder, so tsx, jest and a build all load the same files. */
const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => migrations.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const found = migrations.find(([candidate]) => candidate === name);
    if (!found) throw new Error(`Unknown migration ${name}`);
    return found[1];
  },
};

/** Forward-only: there is deliberately no rollback command; a mistake is mended by a new migration. */
export async function runMigrations(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}
