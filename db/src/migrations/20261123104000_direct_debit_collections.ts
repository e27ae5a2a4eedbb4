import type { Knex } from 'knex';
import { timestamps } from './helpers';

/**
 * Collections from payment schedules and the Bacs submissions that carry them.
 *
 * - `collections`: one row per schedule occurrence collected (card charge or Direct Debit), unique on
 *   (schedule, occurrence date) so a job that runs twice, or is killed and retried, collects nothing twice.
 *   Each has exactly one payment row; only SETTLED posts the ledger credit.
 * - `bacs_submissions`: one Standard 18 (or AUDDIS) file per service user, kind and submission day, with the
 *   file itself, written in the same transaction as the collections it carries.
 * - `advance_notices`: the notice e-mailed to a payer before a first collection or an amount change, once per
 *   (schedule, amount).
 * - Mandates keep the full account number: a Bacs file needs it (the ending alone was kept before).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('direct_debit_mandates', (t) => {
    t.string('account_number', 8).nullable();
    t.date('lodged_on').nullable();
  });

  await knex.schema.createTable('bacs_submissions', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.string('service_user_number', 6).notNullable();
    t.enu('kind', ['COLLECTIONS', 'AUDDIS']).notNullable();
    t.date('submission_date').notNullable();
    t.date('processing_date').notNullable();
    t.enu('status', ['SUBMITTED', 'REPORTED']).notNullable().defaultTo('SUBMITTED');
    t.integer('item_count').notNullable();
    t.bigInteger('total_pence').notNullable();
    t.text('file').notNullable();
    t.text('bureau_reference').nullable();
    timestamps(knex, t);
    t.unique(['service_user_number', 'kind', 'submission_date']);
    t.index(['group_id', 'submission_date']);
  });

  await knex.schema.createTable('collections', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.integer('schedule_id').notNullable().references('payment_schedules.id');
    t.date('occurrence_date').notNullable();
    t.date('collection_date').notNullable();
    t.integer('amount_pence').notNullable();
    t.enu('channel', ['DIRECT_DEBIT', 'CARD']).notNullable();
    t.enu('status', ['PENDING', 'SUBMITTED', 'SETTLED', 'FAILED']).notNullable().defaultTo('PENDING');
    t.string('transaction_code', 2).nullable();
    t.bigInteger('payment_id').notNullable().unique();
    t.integer('mandate_id').nullable();
    t.bigInteger('submission_id').nullable().references('bacs_submissions.id');
    t.string('failure_code', 8).nullable();
    t.text('failure_reason').nullable();
    timestamps(knex, t);
    t.unique(['schedule_id', 'occurrence_date']);
    t.index(['group_id', 'collection_date', 'status']);
    t.index(['tenant_contract_id', 'collection_date']);
    t.index(['submission_id']);
    t.index(['mandate_id', 'collection_date']);
  });
  await knex.raw('ALTER TABLE collections ADD CONSTRAINT collections_amount_positive CHECK (amount_pence > 0)');

  await knex.schema.createTable('advance_notices', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('schedule_id').notNullable().references('payment_schedules.id');
    t.integer('amount_pence').notNullable();
    t.date('first_collection_date').notNullable();
    t.bigInteger('outbox_message_id').nullable();
    timestamps(knex, t);
    t.unique(['schedule_id', 'amount_pence']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
