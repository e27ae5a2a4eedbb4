import type { Knex } from 'knex';

/**
 * A bill line's group is already checked twice over: its (bill_id, group_id) must match its bill's
 * (bill_lines_bill_id_same_owner), and the bill's group must exist (bills_group_id_foreign). The line's own
 * key to groups checked nothing more, at a cost: a bill run writes about 14 lines per house, and foreign-key
 * checks were 40% of the database's work in a bill run (measured with perf on `npm run bench -- bill-run`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE bill_lines DROP CONSTRAINT IF EXISTS bill_lines_group_id_foreign');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
