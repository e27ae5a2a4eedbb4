import type { Knex } from 'knex';

/** Each dead-lettered job staff have been told about, so a re-run of the alert job tells nobody twice. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dead_letter_alerts', (t) => {
    t.uuid('job_id').primary();
    t.text('queue').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
