import type { Knex } from 'knex';

/**
 * A visitor saves the public quote and has it e-mailed: the weekly quote rows (one per plan shown) keep the
 * e-mail it went to and a key of the e-mail and the answers, unique, so the same quote is not saved (and
 * mailed) twice: "Weekly quote already exists".
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('weekly_quotes', (t) => {
    t.string('email', 254).nullable();
    t.string('quote_key', 64).nullable();
  });
  await knex.raw('CREATE UNIQUE INDEX weekly_quotes_quote_key_unique ON weekly_quotes (quote_key) WHERE quote_key IS NOT NULL');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
