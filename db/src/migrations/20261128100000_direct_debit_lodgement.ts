import type { Knex } from 'knex';
import { timestamps } from './helpers';

/**
 * Direct Debit beyond the first collection (issue 14):
 *
 * - `collections.attempt`: a debit returned "refer to payer" (ARUDD 0) is presented once more (transaction
 *   code 18) as a second collection of the same schedule occurrence, so the occurrence's unique key now
 *   includes the attempt; `represents_id` names the returned collection it presents again.
 * - `bacs_reports`: every report file taken from the bureau, by its unique name, written in the same
 *   transaction that applies it, so a report fetched again (the bureau lists a day's reports on each call) is
 *   applied once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('collections', (t) => {
    t.smallint('attempt').notNullable().defaultTo(1);
    t.bigInteger('represents_id').nullable().references('collections.id');
    t.dropUnique(['schedule_id', 'occurrence_date']);
    t.unique(['schedule_id', 'occurrence_date', 'attempt']);
  });
  await knex.raw('ALTER TABLE collections ADD CONSTRAINT collections_attempt_range CHECK (attempt BETWEEN 1 AND 2)');
  await knex.raw('CREATE UNIQUE INDEX collections_represents_once ON collections (represents_id) WHERE represents_id IS NOT NULL');

  await knex.schema.createTable('bacs_reports', (t) => {
    t.bigIncrements('id');
    t.text('name').notNullable().unique();
    t.enu('kind', ['ARUDD', 'ADDACS', 'AUDDIS', 'DDICA']).notNullable();
    t.date('report_date').notNullable();
    t.integer('advice_count').notNullable();
    t.text('xml').notNullable();
    timestamps(knex, t);
    t.index(['report_date']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
