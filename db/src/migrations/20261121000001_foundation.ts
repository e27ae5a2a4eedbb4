import type { Knex } from 'knex';
import { FEATURE_FLAGS, LOG_SEVERITIES, OUTBOX_CHANNELS, OUTBOX_STATUSES, SYSTEM_SETTING_FLAGS } from '@app/api/rules';


// knex's enu() on PostgreSQL is a text column with a CHECK constraint over the listed values.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('system_settings', (t) => {
    t.string('key').primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('system_settings').insert(SYSTEM_SETTING_FLAGS.map((key) => ({ key, value: JSON.stringify(false) })));

  await knex.schema.createTable('feature_flags', (t) => {
    t.enu('name', [...FEATURE_FLAGS]).primary();
    t.boolean('enabled').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('feature_flags').insert(FEATURE_FLAGS.map((name) => ({ name, enabled: false })));

  await knex.schema.createTable('system_logs', (t) => {
    t.bigIncrements('id');
    t.enu('severity', [...LOG_SEVERITIES]).notNullable();
    t.text('message').notNullable();
    t.jsonb('options').notNullable().defaultTo('{}');
    t.string('source').notNullable();
    t.integer('user_id').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
    t.index(['severity', 'created_at']);
  });

  // Every e-mail and SMS is a row here first; a job delivers it (see api/src/modules/outbox).
  await knex.schema.createTable('outbox_messages', (t) => {
    t.bigIncrements('id');
    t.enu('channel', [...OUTBOX_CHANNELS]).notNullable();
    t.string('recipient').notNullable();
    t.string('subject').nullable();
    t.text('text_body').notNullable();
    t.text('html_body').nullable();
    t.enu('status', [...OUTBOX_STATUSES]).notNullable().defaultTo('PENDING');
    t.integer('attempts').notNullable().defaultTo(0);
    t.string('adapter').nullable();
    t.string('provider_message_id').nullable();
    t.text('last_error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.index(['status', 'created_at']);
  });

  // Named fixture sets already loaded, so a second start never loads demo data twice.
  await knex.schema.createTable('fixture_loads', (t) => {
    t.string('name').primary();
    t.timestamp('loaded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
