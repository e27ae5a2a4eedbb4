import type { Knex } from 'knex';

/**
 * Indexes the busiest back-office lists need on a large data set (measured with `npm run bench -- lists`):
 * the tenant contracts list sorted by end date read and sorted every group-1 row (a parallel sequential
 * scan and a top-N sort, about 50 ms on 190,000 contracts) for lack of an index starting (group_id, end_date);
 * filtered lists (status, source, payment method) sorted by date need the date and id after the filter.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS tenant_contracts_group_id_end_date_id_index ON tenant_contracts (group_id, end_date, id)');
  // A filtered list ordered by date pages along one index when it ends with the date and the id tie-break.
  await knex.raw('CREATE INDEX IF NOT EXISTS tenant_contracts_group_status_start_id_index ON tenant_contracts (group_id, status, start_date, id)');
  await knex.raw('CREATE INDEX IF NOT EXISTS tenant_contracts_group_method_start_id_index ON tenant_contracts (group_id, payment_method, start_date, id)');
  await knex.raw('CREATE INDEX IF NOT EXISTS meter_readings_group_status_date_id_index ON meter_readings (group_id, status, reading_date, id)');
  await knex.raw('CREATE INDEX IF NOT EXISTS meter_readings_group_source_date_id_index ON meter_readings (group_id, source, reading_date, id)');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
