import type { Knex } from 'knex';

/*
 * Usage reports (issue 7) are USAGE_REPORT uploads written by the `reports.usage` job: an uploads row is made
 * when staff ask (IN_PROGRESS), the job writes the file and marks it READY with its size and row count, or
 * FAILED with the reason. Rows of other upload types, which arrive whole, are READY. The period and agency
 * the report covers are kept on the row, so the agent portal can later list an agency's reports.
 */
const UPLOAD_STATUSES = ['IN_PROGRESS', 'READY', 'FAILED'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploads', (t) => {
    t.enu('status', UPLOAD_STATUSES).notNullable().defaultTo('READY');
    t.integer('row_count').nullable();
    t.integer('total_rows').nullable();
    t.text('error').nullable();
    t.integer('agency_id').nullable().references('agencies.id');
    t.date('period_start').nullable();
    t.date('period_end').nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.index(['agency_id', 'resource_type', 'created_at']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
