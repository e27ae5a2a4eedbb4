import type { Knex } from 'knex';

/**
 * The billing tables' indexes reviewed against what reads them: the back-office lists of Bill, BillLine and
 * LedgerEntry (api/src/rules/catalogue/money.ts: every list is `WHERE group_id = ? [filters] ORDER BY <sort>, id`,
 * the sortable columns being the list's columns with `sort`, the filters its `filter` fields, Bill's tabs on
 * status), their exports (the same query), the tenant area (a contract's bills and ledger), the sales journals
 * and accounting export (bills by issue date, voided bills by void date, ledger by entry date), credit control
 * and balances (a contract's ledger), voiding and re-issuing (a house statement's tenant statements, a bill's
 * ledger entries) and the foreign keys. Every index that is a key, a unique guarantee or a foreign key's target
 * stays, and so does each one a list's sort or a reference filter walks. Changed:
 *
 * - Filters on a column with a common value and rare ones (a bill's kind, state and status, a ledger entry's
 *   kind, a line's utility): a common value matches a large share of the group's rows, so the list walks its
 *   sort index and finds a page at once; only a rare value needs its own index. Those become partial, holding
 *   the rare rows only (ordered as the default sort, with the id tie-break), so a bill run's statements, lines
 *   and charges no longer enter them.
 * - Dropped: `created_at` per group on all three tables (createdAt is not a column of these lists, so nobody
 *   sorts by it, and a record is created on its issue or entry date: the date's index serves a creation-range
 *   filter) and `bills (group_id, period_end)` (a filter only, never a sort, beside the period start's index;
 *   a statement's period end follows its start).
 *
 * Measured on the bill-run bench (20,000 houses, 50,000 tenant statements): see api/src/bench/bill-run.bench.ts.
 */
const DROPPED = [
  'bills_group_id_created_at_index',
  'bills_group_id_period_end_index',
  'bills_group_id_kind_issue_date_index',
  'bills_group_id_state_issue_date_index',
  'bills_group_id_status_issue_date_index',
  'bill_lines_group_id_created_at_index',
  'bill_lines_group_id_utility_type_index',
  'ledger_entries_group_id_created_at_index',
  'ledger_entries_group_id_kind_entry_date_index',
];

/** The rare values' partial indexes, in the lists' default order (issue date, entry date, id) with the filtered column first where it has several rare values. */
const PARTIAL: Array<[name: string, definition: string]> = [
  // Final statements, energy bills and portfolio invoices: house and tenant statements are most bills.
  ['bills_group_rare_kind_issue_date_index', `bills (group_id, kind, issue_date, id) WHERE kind NOT IN ('HOUSE_STATEMENT', 'TENANT_STATEMENT')`],
  // Voided bills: the list's VOID filter and the journals' and accounting export's credits of the period.
  ['bills_group_void_issue_date_index', `bills (group_id, issue_date, id) WHERE state = 'VOID'`],
  // Disputed bills: the list's Dispute tab.
  ['bills_group_dispute_issue_date_index', `bills (group_id, issue_date, id) WHERE status = 'DISPUTE'`],
  // Lines of water, TV licence and broadband (and lines with no utility): bill runs write electricity and gas.
  ['bill_lines_group_rare_utility_index', `bill_lines (group_id, utility_type, id) WHERE utility_type IS NULL OR utility_type NOT IN ('electric', 'gas')`],
  // Every kind but the three that make most of a ledger (instalments, statements, payments).
  ['ledger_entries_group_rare_kind_entry_date_index', `ledger_entries (group_id, kind, entry_date, id) WHERE kind NOT IN ('INSTALMENT', 'STATEMENT', 'PAYMENT')`],
];

export async function up(knex: Knex): Promise<void> {
  for (const name of DROPPED) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
  for (const [name, definition] of PARTIAL) await knex.raw(`CREATE INDEX ${name} ON ${definition}`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
