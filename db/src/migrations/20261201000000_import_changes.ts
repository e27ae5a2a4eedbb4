import type { Knex } from 'knex';

/*
 * Someone importing a file watches its job check the rows: a committed change of a readings or records import's
 * status or progress NOTIFYs `job_file_changes` (the channel and function of 20261130100000_job_file_changes)
 * with `reading-import:<id>` or `record-import:<id>`, so the status call waiting on it answers at once instead
 * of the page asking again every second.
 */
export async function up(knex: Knex): Promise<void> {
  for (const [table, key] of [
    ['reading_imports', 'reading-import'],
    ['record_imports', 'record-import'],
  ]) {
    await knex.raw(`
      CREATE TRIGGER ${table}_changed AFTER UPDATE ON ${table} FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.processed_rows IS DISTINCT FROM NEW.processed_rows OR OLD.total_rows IS DISTINCT FROM NEW.total_rows)
      EXECUTE FUNCTION job_file_changed('${key}')`);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
