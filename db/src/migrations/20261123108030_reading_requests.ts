import type { Knex } from 'knex';

/** Staff asking a house's tenants for a meter's reading (GET /api/v2/cooperation/send-read/{id}): at most once a day per meter. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reading_requests', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('meter_id').notNullable().references('meters.id');
    t.date('requested_on').notNullable();
    t.integer('requested_by_user_id').nullable().references('users.id');
    t.integer('emails').notNullable().defaultTo(0);
    t.integer('sms').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['meter_id', 'requested_on']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
