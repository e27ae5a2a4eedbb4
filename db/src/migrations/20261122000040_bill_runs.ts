import type { Knex } from 'knex';
import { BILLING_STATUSES } from '@app/api/rules';
import { timestamps } from './helpers';

/*
 * Bill runs (issue 6): one row per run of a group and period, one row per house contract the run covers.
 * The run's counts are recomputed from its houses as each house job finishes, so the back office reads
 * progress from the run alone. The value sets are written out here (a migration never changes once
 * applied); the catalogue's BillRun / BillRunHouse specs hold the same lists and a test compares them.
 */
const RUN_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'COMPLETED_WITH_FAILURES'];
const HOUSE_STATUSES = ['PENDING', 'DONE', 'FAILED', 'ALREADY_BILLED'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bill_runs', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.date('period_start').notNullable();
    t.date('period_end').notNullable();
    // The date the run's statements are issued on (the product's current date when the run was asked for).
    t.date('issue_date').notNullable();
    t.enu('status', RUN_STATUSES).notNullable().defaultTo('PENDING');
    t.integer('requested_by').nullable().references('users.id');
    t.boolean('automated').notNullable().defaultTo(false);
    // Automated runs only: the day the automation was scheduled (at most one a day per group).
    t.date('scheduled_on').nullable();
    t.integer('houses_total').notNullable().defaultTo(0);
    t.integer('houses_done').notNullable().defaultTo(0);
    t.integer('houses_already_billed').notNullable().defaultTo(0);
    t.integer('houses_failed').notNullable().defaultTo(0);
    t.integer('houses_remaining').notNullable().defaultTo(0);
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.index(['group_id', 'created_at']);
    t.index(['group_id', 'period_start']);
    t.index(['group_id', 'status']);
  });
  await knex.raw('ALTER TABLE bill_runs ADD CONSTRAINT bill_runs_period_order CHECK (period_end >= period_start)');
  await knex.raw('ALTER TABLE bill_runs ADD CONSTRAINT bill_runs_automation_day CHECK (automated = (scheduled_on IS NOT NULL))');
  await knex.raw('ALTER TABLE bill_runs ADD CONSTRAINT bill_runs_counts_not_negative CHECK (LEAST(houses_total, houses_done, houses_already_billed, houses_failed, houses_remaining) >= 0)');
  // Automated billing: at most one automation a day, and never twice for the same period (per group).
  await knex.raw('CREATE UNIQUE INDEX bill_runs_one_automation_a_day ON bill_runs (group_id, scheduled_on) WHERE automated');
  await knex.raw('CREATE UNIQUE INDEX bill_runs_one_automation_a_period ON bill_runs (group_id, period_start, period_end) WHERE automated');

  await knex.schema.createTable('bill_run_houses', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('bill_run_id').notNullable().references('bill_runs.id');
    t.integer('house_contract_id').notNullable().references('house_contracts.id');
    t.enu('status', HOUSE_STATUSES).notNullable().defaultTo('PENDING');
    t.enu('billing_status', [...BILLING_STATUSES]).nullable();
    t.bigInteger('bill_id').nullable().references('bills.id');
    t.text('error').nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    timestamps(knex, t);
    t.unique(['bill_run_id', 'house_contract_id']);
    t.index(['bill_run_id', 'status']);
    t.index(['house_contract_id']);
    t.index(['group_id', 'created_at']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
