import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { enqueue } from '../../jobs/enqueue';
import { SalesJournal } from '../../rules/catalogue/money';
import type { ExportProgress } from '../exports';
import type { ExportColumn } from '../exports/export-columns';
import type { ExportFileRow } from '../exports/export-files';
import { requireGroup } from '../records/record-scope';
import { accountReference, FinanceCodes, POSTED_BILL_KINDS, type BillingType, type UtilityType } from './finance-codes';
import { queueFinanceFile, writeFinanceFile, type FinanceFileFormat } from './finance-files';
import { checkPeriod, FINANCE_MESSAGES, pgError, recordId, type Period } from './finance-rules';

/*
 * Sales journals: the tenant statements issued in a period, one line each, posted once, and those voided in
 * it as credits. A GENERATED journal
 * is never edited (the database refuses it): it is reversed by a new journal of negated lines that names it
 * (reverses_journal_id), and the original turns REVERSED. Exporting queues a job that writes its lines as CSV
 * or XLSX through the exports module and then marks it EXPORTED.
 * Every change is in the audit log with the row before and after.
 */

export interface FinanceCaller {
  db: Knex;
  userId: number | null;
  groupId: number | null;
}

export interface SalesJournalRow {
  id: number;
  group_id: number;
  period_start: string;
  period_end: string;
  status: 'GENERATED' | 'REVERSED';
  export_status: 'EXPORTED' | 'NOT_EXPORTED';
  net_pence: number;
  vat_pence: number;
  total_pence: number;
  generated_at: Date;
  reversed_at: Date | null;
  reverses_journal_id: number | null;
  export_file_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const LINE_INSERT_BATCH = 1_000;
/** Serialises journal generation per group (with the exclusion constraint as the last word). */
const JOURNAL_LOCK = 7_001;

interface PostedBill {
  id: string;
  tenant_contract_id: number;
  kind: string;
  issue_date: string;
  /** Set on a void entry: the London date the statement was voided on (its amounts are then negated). */
  voided_on: string | null;
  net_pence: number;
  vat_pence: number;
  billing_type: BillingType | null;
  utility_type: UtilityType | null;
}

/**
 * What a period's journal posts: each tenant statement issued in it (whatever became of it since: a journal
 * records what was issued), and, as credits, each one voided in it. A statement voided after its period's
 * journal was made is so taken off the books in the period of the void, and a journal never changes.
 */
export async function postedBills(db: Knex, groupId: number, { periodStart, periodEnd }: Period): Promise<PostedBill[]> {
  const select = (query: Knex.QueryBuilder, voided: boolean) =>
    query
      .leftJoin('house_contracts as hc', 'hc.id', 'b.house_contract_id')
      .where('b.group_id', groupId)
      .whereIn('b.kind', [...POSTED_BILL_KINDS])
      .select(
        'b.id',
        'b.tenant_contract_id',
        'b.kind',
        'b.issue_date',
        voided ? db.raw(`to_char((b.voided_at AT TIME ZONE 'Europe/London')::date, 'YYYY-MM-DD') AS voided_on`) : db.raw('NULL AS voided_on'),
        voided ? db.raw('-b.net_pence AS net_pence') : 'b.net_pence',
        voided ? db.raw('-b.vat_pence AS vat_pence') : 'b.vat_pence',
        'hc.billing_type',
        db.raw('(SELECT CASE WHEN count(DISTINCT bl.utility_type) = 1 THEN min(bl.utility_type::text) END FROM bill_lines bl WHERE bl.bill_id = b.id) AS utility_type'),
      );
  const issued: PostedBill[] = await select(db('bills as b').whereBetween('b.issue_date', [periodStart, periodEnd]), false);
  const voided: PostedBill[] = await select(db('bills as b').where('b.state', 'VOID').whereRaw(`(b.voided_at AT TIME ZONE 'Europe/London')::date BETWEEN ? AND ?`, [periodStart, periodEnd]), true);
  const dateOf = (bill: PostedBill) => bill.voided_on ?? bill.issue_date;
  return [...issued, ...voided].sort((a, b) => dateOf(a).localeCompare(dateOf(b)) || Number(a.id) - Number(b.id) || (a.voided_on ? 1 : 0) - (b.voided_on ? 1 : 0));
}

async function journalForUpdate(trx: Knex, groupId: number, id: string | number): Promise<SalesJournalRow> {
  const journalId = recordId(id, FINANCE_MESSAGES.journalNotFound);
  const journal = await trx<SalesJournalRow>('sales_journals').where({ id: journalId, group_id: groupId }).forUpdate().first();
  if (!journal) throw new DomainError('NOT_FOUND', FINANCE_MESSAGES.journalNotFound(String(id)));
  return journal;
}

const overlapConflict = (row: Pick<SalesJournalRow, 'id' | 'period_start' | 'period_end'>) =>
  new DomainError('CONFLICT', FINANCE_MESSAGES.journalOverlaps(row.id, row.period_start, row.period_end), {
    fields: [{ field: 'periodStart', rule: 'overlap', message: FINANCE_MESSAGES.journalOverlaps(row.id, row.period_start, row.period_end) }],
  });

/** Generates the GENERATED journal of a period (dates inclusive): a line per tenant statement issued in it, a credit line per one voided in it. */
export async function generateSalesJournal(caller: FinanceCaller, input: Period): Promise<SalesJournalRow> {
  const period = checkPeriod(input);
  const groupId = requireGroup(SalesJournal, caller.groupId);
  try {
    return await caller.db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [JOURNAL_LOCK, groupId]);
      const overlapping = await trx<SalesJournalRow>('sales_journals')
        .where({ group_id: groupId, status: 'GENERATED' })
        .whereNull('reverses_journal_id')
        .where('period_start', '<=', period.periodEnd)
        .where('period_end', '>=', period.periodStart)
        .orderBy('period_start')
        .first('id', 'period_start', 'period_end');
      if (overlapping) throw overlapConflict(overlapping);

      const codes = await FinanceCodes.load(trx);
      const bills = await postedBills(trx, groupId, period);
      const lines = bills.map((bill) => ({
        group_id: groupId,
        bill_id: bill.id,
        account_reference: accountReference(bill.tenant_contract_id),
        nominal_code: codes.nominal('SALES', bill.billing_type, bill.utility_type).nominalCode,
        net_pence: Number(bill.net_pence),
        vat_pence: Number(bill.vat_pence),
        details: `${bill.kind === 'FINAL_STATEMENT' ? 'Final statement' : 'Statement'} ${bill.id} ${bill.voided_on ? `voided ${bill.voided_on}` : `issued ${bill.issue_date}`}`,
      }));
      const net = lines.reduce((sum, line) => sum + line.net_pence, 0);
      const vat = lines.reduce((sum, line) => sum + line.vat_pence, 0);
      const [journal] = await trx<SalesJournalRow>('sales_journals')
        .insert({ group_id: groupId, period_start: period.periodStart, period_end: period.periodEnd, net_pence: net, vat_pence: vat, total_pence: net + vat })
        .returning('*');
      for (let start = 0; start < lines.length; start += LINE_INSERT_BATCH) {
        await trx('sales_journal_lines').insert(lines.slice(start, start + LINE_INSERT_BATCH).map((line) => ({ ...line, sales_journal_id: journal!.id })));
      }
      await recordChange(trx, { action: 'INSERT', entity: 'sales_journals', entityId: journal!.id, actorUserId: caller.userId, after: { ...journal, line_count: lines.length } });
      return journal!;
    });
  } catch (error) {
    // Two requests that got past the check together: the exclusion constraint keeps only one.
    if (pgError(error).constraint === 'sales_journals_generated_no_overlap' || pgError(error).constraint === 'sales_journals_generated_period_unique') {
      const other = await caller.db<SalesJournalRow>('sales_journals')
        .where({ group_id: groupId, status: 'GENERATED' })
        .whereNull('reverses_journal_id')
        .where('period_start', '<=', period.periodEnd)
        .where('period_end', '>=', period.periodStart)
        .first('id', 'period_start', 'period_end');
      if (other) throw overlapConflict(other);
    }
    throw error;
  }
}

export interface Reversal {
  reversed: SalesJournalRow;
  reversal: SalesJournalRow;
}

/**
 * Reverses a GENERATED journal: a new journal over the same period with every line negated, naming the
 * original, which turns REVERSED (its lines stay as they were). The period may then be generated again.
 */
export async function reverseSalesJournal(caller: FinanceCaller, id: string | number): Promise<Reversal> {
  const groupId = requireGroup(SalesJournal, caller.groupId);
  return caller.db.transaction(async (trx) => {
    const original = await journalForUpdate(trx, groupId, id);
    if (original.reverses_journal_id !== null) throw new DomainError('CONFLICT', FINANCE_MESSAGES.reversalNotReversible(original.id));
    if (original.status === 'REVERSED') throw new DomainError('CONFLICT', FINANCE_MESSAGES.journalAlreadyReversed(original.id));
    const [reversal] = await trx<SalesJournalRow>('sales_journals')
      .insert({
        group_id: groupId,
        period_start: original.period_start,
        period_end: original.period_end,
        net_pence: -original.net_pence,
        vat_pence: -original.vat_pence,
        total_pence: -original.total_pence,
        reverses_journal_id: original.id,
      })
      .returning('*');
    const copied = await trx.raw(
      `INSERT INTO sales_journal_lines (group_id, sales_journal_id, bill_id, account_reference, nominal_code, net_pence, vat_pence, details)
       SELECT group_id, ?, bill_id, account_reference, nominal_code, -net_pence, -vat_pence, left('Reversal: ' || coalesce(details, ''), 255)
       FROM sales_journal_lines WHERE sales_journal_id = ? ORDER BY id`,
      [reversal!.id, original.id],
    );
    const [reversed] = await trx<SalesJournalRow>('sales_journals')
      .where({ id: original.id })
      .update({ status: 'REVERSED', reversed_at: trx.fn.now() as never, updated_at: trx.fn.now() as never })
      .returning('*');
    await recordChange(trx, { action: 'INSERT', entity: 'sales_journals', entityId: reversal!.id, actorUserId: caller.userId, after: { ...reversal, line_count: copied.rowCount } });
    await recordChange(trx, { action: 'UPDATE', entity: 'sales_journals', entityId: original.id, actorUserId: caller.userId, before: original, after: reversed });
    return { reversed: reversed!, reversal: reversal! };
  });
}

/** The columns of a journal file: one row per line, money in pounds (CSV) or £ cells (XLSX). */
const JOURNAL_COLUMNS: ExportColumn[] = [
  { name: 'journalId', kind: 'int', label: 'Journal', sql: 'l.sales_journal_id' },
  { name: 'lineId', kind: 'int', label: 'Line', sql: 'l.id' },
  { name: 'periodStart', kind: 'date', label: 'Period start', sql: 'j.period_start' },
  { name: 'periodEnd', kind: 'date', label: 'Period end', sql: 'j.period_end' },
  { name: 'billId', kind: 'int', label: 'Bill', sql: 'l.bill_id' },
  { name: 'accountReference', kind: 'string', label: 'Account reference', sql: 'l.account_reference' },
  { name: 'nominalCode', kind: 'string', label: 'Nominal code', sql: 'l.nominal_code' },
  { name: 'details', kind: 'string', label: 'Details', sql: 'l.details' },
  { name: 'netPence', kind: 'money', label: 'Net (£)', sql: 'l.net_pence' },
  { name: 'vatPence', kind: 'money', label: 'VAT (£)', sql: 'l.vat_pence' },
  { name: 'totalPence', kind: 'money', label: 'Total (£)', sql: '(l.net_pence + l.vat_pence)' },
];

export interface JournalExport {
  journal: SalesJournalRow;
  file: ExportFileRow;
}

/** A finance caller that may queue jobs (in the transaction of its write). */
export interface FinanceJobCaller extends FinanceCaller {
  boss: PgBoss;
}

/**
 * Asks for the journal's lines as CSV or XLSX: records the file (PENDING) as the journal's latest file and
 * queues the `finance.export` job in one transaction (audited). The job writes the file and marks the journal
 * EXPORTED; until then the journal keeps its export status and the file shows its progress.
 */
export async function exportSalesJournal(caller: FinanceJobCaller, id: string | number, format: FinanceFileFormat): Promise<JournalExport> {
  const groupId = requireGroup(SalesJournal, caller.groupId);
  if (caller.userId === null) throw new DomainError('UNAUTHENTICATED', 'Sign in to export a sales journal');
  const userId = caller.userId;
  const journalId = recordId(id, FINANCE_MESSAGES.journalNotFound);
  return caller.db.transaction(async (trx) => {
    const before = await journalForUpdate(trx, groupId, journalId);
    const file = await queueFinanceFile(trx, {
      userId,
      groupId,
      resource: SalesJournal.name,
      format,
      fileName: `sales-journal-${before.id}-${before.period_start}-${before.period_end}.${format}`,
      recordId: before.id,
    });
    const [after] = await trx<SalesJournalRow>('sales_journals')
      .where({ id: before.id })
      .update({ export_file_id: file.id, updated_at: trx.fn.now() as never })
      .returning('*');
    await recordChange(trx, { action: 'UPDATE', entity: 'sales_journals', entityId: before.id, actorUserId: userId, before, after: { ...after, export_format: format } });
    await enqueue(caller.boss, trx, 'finance.export', { exportId: file.id, resource: 'SalesJournal', recordId: before.id });
    return { journal: after!, file };
  });
}

/**
 * The `finance.export` job of a journal: writes its lines into the queued file (unless a previous try already
 * finished it) and marks the journal EXPORTED, audited as done by the user who asked. Safe to run twice.
 */
export async function writeSalesJournalFile(db: Knex, file: ExportFileRow, journalId: number, onProgress?: (progress: ExportProgress) => Promise<void>): Promise<JournalExport> {
  const groupId = Number(file.group_id);
  const written =
    file.status === 'DONE'
      ? file
      : await writeFinanceFile(
          db,
          file,
          {
            columns: JOURNAL_COLUMNS,
            from: 'FROM sales_journal_lines l JOIN sales_journals j ON j.id = l.sales_journal_id WHERE l.sales_journal_id = ? AND l.group_id = ?',
            orderBy: 'l.id',
            bindings: [journalId, groupId],
          },
          onProgress,
        );
  const journal = await db.transaction(async (trx) => {
    const before = await journalForUpdate(trx, groupId, journalId);
    if (before.export_status === 'EXPORTED') return before;
    const [after] = await trx<SalesJournalRow>('sales_journals')
      .where({ id: before.id })
      .update({ export_status: 'EXPORTED', updated_at: trx.fn.now() as never })
      .returning('*');
    await recordChange(trx, { action: 'UPDATE', entity: 'sales_journals', entityId: before.id, actorUserId: file.user_id, before, after: after! });
    return after!;
  });
  return { journal, file: written };
}
