import type { Knex } from 'knex';

/**
 * The demo "Partner field desk" role read every bill, bill line and ledger entry through billing READ
 * (issue 13): money detail is not field work, so the role keeps meter readings and visits only.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE backoffice_roles SET permissions = permissions - 'billing' - 'payments' WHERE name = 'Partner field desk' AND account_type = 'PARTNER'`);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migration');
}
