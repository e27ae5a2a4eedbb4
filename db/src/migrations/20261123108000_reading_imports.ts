import type { Knex } from 'knex';
import { timestamps } from './helpers';

/**
 * Readings files staff import (POST /api/v2/uploads/upload-readings): one row per file and group, keyed by
 * the file's SHA-256 so the same file uploaded twice is the same import and creates nothing twice. Progress
 * and counts are written by the `imports.readings` job; the rejected rows with their reasons are an upload.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reading_imports', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.string('sha256', 64).notNullable();
    t.integer('file_upload_id').notNullable().references('uploads.id');
    t.integer('rejected_upload_id').nullable().references('uploads.id');
    t.string('status', 20).notNullable().defaultTo('PENDING');
    t.integer('total_rows').notNullable().defaultTo(0);
    t.integer('processed_rows').notNullable().defaultTo(0);
    t.integer('imported_rows').notNullable().defaultTo(0);
    t.integer('rejected_rows').notNullable().defaultTo(0);
    t.text('error').nullable();
    t.integer('created_by_user_id').nullable().references('users.id');
    t.timestamp('finished_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.unique(['group_id', 'sha256']);
  });
  await knex.raw(`ALTER TABLE reading_imports ADD CONSTRAINT reading_imports_status CHECK (status IN ('PENDING', 'IN_PROGRESS', 'DONE', 'FAILED'))`);
  // The readings an import made, so a re-run of its job can never add them twice.
  await knex.schema.alterTable('meter_readings', (t) => {
    t.integer('reading_import_id').nullable().references('reading_imports.id');
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
