import type { Knex } from 'knex';

/**
 * An agency's own quote link (the agent portal's Bills package page): a referral link row belongs to at most
 * one agency and an agency has at most one. Rows made before (by hand, for agencies not yet in the product)
 * keep no agency.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('agency_referral_links', (t) => {
    t.integer('agency_id').nullable().unique().references('agencies.id').onDelete('SET NULL');
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
