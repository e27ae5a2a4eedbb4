import type { Knex } from 'knex';

/** Who sent a reading from the tenant area or the agent portal, so they can be told when staff approve or decline it. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('meter_readings', (t) => {
    t.integer('submitted_by_user_id').nullable().references('users.id');
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
