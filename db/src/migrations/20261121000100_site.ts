import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Page views of the public site: the path and the time only. No IP, no cookie or visitor id, no query
  // string, so counting needs no consent and holds no personal data.
  await knex.schema.createTable('page_views', (t) => {
    t.bigIncrements('id');
    t.string('path', 512).notNullable();
    t.timestamp('viewed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['path', 'viewed_at']);
    t.index(['viewed_at']);
  });

  // Referral links handed out by letting agencies: a visitor arriving on /<slug> (or with ?ref=<slug>) sees
  // "in partnership with <company_name>" in the site header. A stand-in until agencies arrive as entities;
  // a later migration can link each row to its agency.
  await knex.schema.createTable('agency_referral_links', (t) => {
    t.increments('id');
    t.string('slug', 100).notNullable().unique();
    t.string('company_name', 200).notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE agency_referral_links ADD CONSTRAINT agency_referral_links_slug_format CHECK (slug ~ '^[a-z0-9][a-z0-9-]*$')`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
