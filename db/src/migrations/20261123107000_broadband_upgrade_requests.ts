import type { Knex } from 'knex';

/**
 * The speed a tenant asked to move their broadband to (My Broadband → upgrade request). The service keeps
 * its current speed until staff process the change (change_status UPGRADE_REQUESTED → PROCESSED).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('services', (t) => {
    t.enu('requested_broadband_speed', ['400', '600', '800', '1000']).nullable();
    t.timestamp('upgrade_requested_at', { useTz: true }).nullable();
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
