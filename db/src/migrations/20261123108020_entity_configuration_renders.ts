import type { Knex } from 'knex';

/**
 * Each group's entity configuration (name shown to customers, brand colours, logo: an ENTITY_CONFIGURATION_ASSET
 * upload), edited by PATCH /api/v2/admin/entity-configuration/{groupId} (made on first edit); and the PDF renders each process has in
 * progress, reported with its heartbeat for chrome-sessions.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('entity_configurations', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().unique().references('groups.id');
    t.string('display_name', 200).notNullable();
    t.string('primary_colour', 7).nullable();
    t.string('secondary_colour', 7).nullable();
    t.integer('logo_upload_id').nullable().references('uploads.id');
    t.string('support_email', 320).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('process_heartbeats', (t) => {
    t.jsonb('active_renders').notNullable().defaultTo('[]');
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
