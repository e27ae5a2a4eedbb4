import type { Knex } from 'knex';

/**
 * Operator endpoints (/api/v2/admin/*): every API and workers process writes a heartbeat row (log-processes,
 * kill-server asks one to stop through it); schedules paused by kill-scheduler are kept to be resumed; the
 * external services the product talks to are named with their address and switch.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('process_heartbeats', (t) => {
    t.string('id', 200).primary();
    t.string('kind', 20).notNullable();
    t.integer('pid').notNullable();
    t.string('host', 200).notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('last_heartbeat_at', { useTz: true }).notNullable();
    t.bigInteger('rss_bytes').notNullable().defaultTo(0);
    t.bigInteger('heap_used_bytes').notNullable().defaultTo(0);
    t.timestamp('stop_requested_at', { useTz: true }).nullable();
    t.integer('stop_requested_by_user_id').nullable().references('users.id');
  });
  await knex.schema.createTable('paused_schedules', (t) => {
    t.string('name', 200).primary();
    t.string('cron', 100).notNullable();
    t.string('timezone', 100).nullable();
    t.jsonb('data').nullable();
    t.jsonb('options').nullable();
    t.timestamp('paused_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('paused_by_user_id').nullable().references('users.id');
  });
  await knex.schema.createTable('external_services', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable().unique();
    t.string('base_url', 500).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.jsonb('settings').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
