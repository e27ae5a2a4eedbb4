import type { Knex } from 'knex';
import { timestamps } from './helpers';

/**
 * The rest of the uploads of issue 21:
 * - attachments listed on the record they belong to: a comment's (COMMENT_ATTACHMENT) and a tenant's
 *   tenancy agreements and proofs of address (a visit's already had `house_visit_id`);
 * - record_imports: the bulk imports of POST /api/v2/uploads/import (tenants, contacts, tariffs, supplier
 *   contracts), one row per file, kind and group, keyed by the file's SHA-256 like reading_imports so the same
 *   file sent twice is the same import. The file and its invalid rows file are kept in the file storage by key:
 *   they are the import's working files, not uploads of any kind the specification lists.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploads', (t) => {
    t.integer('comment_id').nullable().references('comments.id');
    t.integer('tenant_id').nullable().references('users.id');
    t.index(['comment_id']);
    t.index(['tenant_id']);
  });

  await knex.schema.createTable('record_imports', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.string('kind', 30).notNullable();
    t.string('sha256', 64).notNullable();
    t.string('file_name', 200).notNullable();
    t.string('file_type', 10).notNullable();
    t.string('storage_key', 500).notNullable();
    t.integer('size_bytes').notNullable();
    t.string('rejected_storage_key', 500).nullable();
    t.integer('rejected_size_bytes').nullable();
    t.string('status', 20).notNullable().defaultTo('PENDING');
    t.integer('total_rows').notNullable().defaultTo(0);
    t.integer('processed_rows').notNullable().defaultTo(0);
    t.integer('imported_rows').notNullable().defaultTo(0);
    t.integer('rejected_rows').notNullable().defaultTo(0);
    t.text('error').nullable();
    t.integer('created_by_user_id').nullable().references('users.id');
    t.timestamp('finished_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.unique(['group_id', 'kind', 'sha256']);
    t.index(['group_id', 'created_at']);
  });
  await knex.raw(`ALTER TABLE record_imports ADD CONSTRAINT record_imports_status CHECK (status IN ('PENDING', 'IN_PROGRESS', 'DONE', 'FAILED'))`);
  await knex.raw(`ALTER TABLE record_imports ADD CONSTRAINT record_imports_kind CHECK (kind IN ('TENANTS', 'CONTACTS', 'TARIFFS', 'SUPPLIER_CONTRACTS'))`);
  await knex.raw(`ALTER TABLE record_imports ADD CONSTRAINT record_imports_file_type CHECK (file_type IN ('csv', 'xlsx'))`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
