import type { Knex } from 'knex';

/**
 * The `automatedBillingGroups` system setting (api/src/modules/billing/automation/automation-settings.ts), so
 * staff can switch automated billing on per group in the back office, where settings are edited, not added.
 * Empty: no group bills by itself until staff say so.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('system_settings').insert({ key: 'automatedBillingGroups', value: JSON.stringify({}) }).onConflict('key').ignore();
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migration');
}
