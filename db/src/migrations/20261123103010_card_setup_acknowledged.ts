import type { Knex } from 'knex';

/**
 * When the tenant's add-card call confirmed a setup session. The provider's webhook may attach the card
 * first; the tenant coming back still gets the card once, and SESSION_ALREADY_PROCESSED only on a repeat.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('card_setup_sessions', (t) => {
    t.timestamp('acknowledged_at', { useTz: true }).nullable();
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
