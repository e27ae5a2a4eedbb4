import type { Knex } from 'knex';

/*
 * Someone waiting on a job's file (a list export, a finance file, a usage report) hears of it the moment the
 * job changes its record: every committed change of an export_files or uploads row's status or counts NOTIFYs
 * `job_file_changes` with `export:<id>` or `upload:<id>`, and the API's one LISTEN connection wakes the
 * status calls waiting on that record (api/src/modules/exports/job-file-changes.ts). A trigger, so every
 * writer (the export, finance and usage-report jobs, the expiry sweep) is covered without remembering to.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION job_file_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('job_file_changes', TG_ARGV[0] || ':' || NEW.id::text);
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER export_files_changed AFTER UPDATE ON export_files FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.row_count IS DISTINCT FROM NEW.row_count OR OLD.total_rows IS DISTINCT FROM NEW.total_rows)
    EXECUTE FUNCTION job_file_changed('export')`);
  await knex.raw(`
    CREATE TRIGGER uploads_changed AFTER UPDATE ON uploads FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.row_count IS DISTINCT FROM NEW.row_count OR OLD.total_rows IS DISTINCT FROM NEW.total_rows)
    EXECUTE FUNCTION job_file_changed('upload')`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
