import type { Knex } from 'knex';

/**
 * List exports run as jobs (`exports.run`): one row per requested file, written by the API in the same
 * transaction as the job, updated by the worker as it streams, and expired by `exports.cleanup` a day later.
 * `storage_path` is relative to the exports folder (EXPORTS_DIR, default .data/exports), never absolute.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('export_files', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.integer('group_id').nullable().references('id').inTable('groups');
    t.text('resource').notNullable();
    t.text('format').notNullable();
    t.text('file_name').notNullable();
    t.jsonb('filter').notNullable().defaultTo('{}');
    t.text('sort_field').nullable();
    t.text('sort_order').nullable();
    // The list's visible columns when the request names them; null: every field of the catalogue.
    t.specificType('fields', 'text[]').nullable();
    t.text('status').notNullable().defaultTo('PENDING');
    t.bigInteger('row_count').notNullable().defaultTo(0);
    t.bigInteger('total_rows').nullable();
    t.bigInteger('bytes').notNullable().defaultTo(0);
    t.text('error').nullable();
    t.text('storage_path').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('file_deleted_at', { useTz: true }).nullable();
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(`ALTER TABLE export_files ADD CONSTRAINT export_files_format_check CHECK (format IN ('csv', 'xlsx', 'zip'))`);
  await knex.raw(`ALTER TABLE export_files ADD CONSTRAINT export_files_status_check CHECK (status IN ('PENDING', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'))`);
  await knex.raw(`ALTER TABLE export_files ADD CONSTRAINT export_files_storage_path_relative CHECK (storage_path !~ '(^/|\\.\\.)')`);
  // The daily cleanup reads only the rows whose file is still on disk.
  await knex.raw('CREATE INDEX export_files_expires_at_live_index ON export_files (expires_at) WHERE file_deleted_at IS NULL');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
