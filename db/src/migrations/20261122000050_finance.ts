import type { Knex } from 'knex';
import { timestamps } from './helpers';

/*
 * Finance (issue 7): the codes the accounting package is given, kept as rows (never literals in the
 * services), and the database's guard against two live sales journals over overlapping periods.
 *
 * - finance_nominal_codes: the nominal ledger account for each kind of posting (purpose), narrowed by the
 *   house contract's billing type and the bill line's utility; the most specific row wins (utility, then
 *   billing type, then the purpose's default with both null). `tax_code` is the code for postings that carry
 *   no VAT breakdown of their own (plan instalments, additional transactions, receipts).
 * - finance_company_codes: per aggregate type (PLAN, BILL, PORTFOLIO, OTHER), the accounting package's
 *   company an export goes to and the department code its rows carry.
 * The value sets are written out here (a migration never changes once applied); the API's value sets hold
 * the same lists.
 */
const PURPOSES = ['SALES', 'INSTALMENT', 'ADDITIONAL_DEBIT', 'ADDITIONAL_CREDIT', 'RECEIPT'];
const BILLING_TYPES = ['PLAN', 'BILL'];
const UTILITY_TYPES = ['gas', 'electric', 'water', 'tv_licence', 'broadband'];
const TAX_CODES = ['T0', 'T1', 'T2', 'T5', 'T9'];
const AGGREGATE_TYPES = ['PLAN', 'BILL', 'PORTFOLIO', 'OTHER'];
const COMPANY_CODES = ['COMPANY_1', 'COMPANY_2', 'COMPANY_3', 'COMPANY_4', 'PLAN', 'BILL', 'PORTFOLIO', 'PHOENIX'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('finance_nominal_codes', (t) => {
    t.increments('id');
    t.enu('purpose', PURPOSES).notNullable();
    t.enu('billing_type', BILLING_TYPES).nullable();
    t.enu('utility_type', UTILITY_TYPES).nullable();
    t.string('nominal_code', 20).notNullable();
    t.enu('tax_code', TAX_CODES).notNullable().defaultTo('T9');
    t.string('description').notNullable().defaultTo('');
    timestamps(knex, t);
  });
  await knex.raw(`CREATE UNIQUE INDEX finance_nominal_codes_unique ON finance_nominal_codes (purpose, coalesce(billing_type::text, ''), coalesce(utility_type::text, ''))`);
  await knex.raw(`ALTER TABLE finance_nominal_codes ADD CONSTRAINT finance_nominal_codes_code_format CHECK (nominal_code ~ '^[0-9A-Za-z]{1,20}$')`);
  // Sage 50's default UK chart of accounts: 4000–4099 sales, 4900 other sales, 1200 bank current account.
  await knex('finance_nominal_codes').insert([
    { purpose: 'SALES', billing_type: null, utility_type: null, nominal_code: '4000', tax_code: 'T1', description: 'Sales (default)' },
    { purpose: 'SALES', billing_type: 'BILL', utility_type: null, nominal_code: '4010', tax_code: 'T5', description: 'Metered statements' },
    { purpose: 'SALES', billing_type: 'BILL', utility_type: 'electric', nominal_code: '4011', tax_code: 'T5', description: 'Metered statements: electricity' },
    { purpose: 'SALES', billing_type: 'BILL', utility_type: 'gas', nominal_code: '4012', tax_code: 'T5', description: 'Metered statements: gas' },
    { purpose: 'SALES', billing_type: 'BILL', utility_type: 'water', nominal_code: '4013', tax_code: 'T0', description: 'Metered statements: water' },
    { purpose: 'SALES', billing_type: 'BILL', utility_type: 'broadband', nominal_code: '4014', tax_code: 'T1', description: 'Metered statements: broadband' },
    { purpose: 'SALES', billing_type: 'BILL', utility_type: 'tv_licence', nominal_code: '4015', tax_code: 'T9', description: 'Metered statements: TV licence' },
    { purpose: 'SALES', billing_type: 'PLAN', utility_type: null, nominal_code: '4020', tax_code: 'T5', description: 'Plan final statements' },
    { purpose: 'INSTALMENT', billing_type: null, utility_type: null, nominal_code: '4030', tax_code: 'T5', description: 'Plan instalments' },
    { purpose: 'ADDITIONAL_DEBIT', billing_type: null, utility_type: null, nominal_code: '4900', tax_code: 'T9', description: 'Additional charges' },
    { purpose: 'ADDITIONAL_CREDIT', billing_type: null, utility_type: null, nominal_code: '4900', tax_code: 'T9', description: 'Additional credits' },
    { purpose: 'RECEIPT', billing_type: null, utility_type: null, nominal_code: '1200', tax_code: 'T9', description: 'Bank current account (receipts)' },
  ]);

  await knex.schema.createTable('finance_company_codes', (t) => {
    t.increments('id');
    t.enu('aggregate_type', AGGREGATE_TYPES).notNullable().unique();
    t.enu('company_code', COMPANY_CODES).notNullable();
    t.integer('department_code').notNullable().defaultTo(0);
    timestamps(knex, t);
  });
  await knex.raw('ALTER TABLE finance_company_codes ADD CONSTRAINT finance_company_codes_department_range CHECK (department_code BETWEEN 0 AND 999)');
  await knex('finance_company_codes').insert([
    { aggregate_type: 'PLAN', company_code: 'PLAN', department_code: 1 },
    { aggregate_type: 'BILL', company_code: 'BILL', department_code: 2 },
    { aggregate_type: 'PORTFOLIO', company_code: 'PORTFOLIO', department_code: 3 },
    { aggregate_type: 'OTHER', company_code: 'COMPANY_1', department_code: 0 },
  ]);

  // At most one live (GENERATED, not a reversal) journal covers any day of a group.
  await knex.raw(`ALTER TABLE sales_journals ADD CONSTRAINT sales_journals_generated_no_overlap
    EXCLUDE USING gist (group_id WITH =, daterange(period_start, period_end, '[]') WITH &&) WHERE (status = 'GENERATED' AND reverses_journal_id IS NULL)`);

  // The last file produced for a journal or an accounting export (through the exports module's export_files).
  await knex.schema.alterTable('sales_journals', (t) => {
    t.uuid('export_file_id').nullable().references('export_files.id');
  });
  await knex.schema.alterTable('accounting_exports', (t) => {
    t.uuid('export_file_id').nullable().references('export_files.id');
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
