import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from '@app/db';
import { uploadsDir } from '../files/local-file-storage';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { enqueue } from '../../jobs/enqueue';
import type { ACCOUNTING_EXPORT_SOURCES, ACCOUNTING_TRANSACTION_TYPES } from '../../rules';
import { AccountingExport } from '../../rules/catalogue/money';
import type { ExportProgress } from '../exports';
import type { ExportColumn } from '../exports/export-columns';
import type { ExportFileRow } from '../exports/export-files';
import { requireGroup } from '../records/record-scope';
import {
  accountReference,
  FinanceCodes,
  POSTED_BILL_KINDS,
  splitGross,
  TAX_CODE_BY_VAT_BP,
  type AggregateType,
  type BillingType,
  type TaxCode,
  type UtilityType,
} from './finance-codes';
import { queueFinanceFile, writeFinanceFile } from './finance-files';
import { checkPeriod, FINANCE_MESSAGES, recordId, type Period } from './finance-rules';
import type { FinanceCaller, FinanceJobCaller } from './sales-journals.service';
import { parseSageRejections } from './sage-rejections';

/*
 * Exports to Sage 50's audit-trail CSV import. One generation reads a source over a period and writes one
 * accounting export per aggregate type found (PLAN, BILL, PORTFOLIO, OTHER: the house contract's billing type),
 * each to the company its aggregate type maps to (finance_company_codes). Rows are in Sage's terms: SI invoice,
 * SC credit, SR receipt; positive amounts; a tax code per row. Statuses: NOT_EXPORTED → EXPORTED (its CSV
 * written by the `finance.export` job) → EXPORTED_TO_SAGE (staff confirm the import). Rows Sage rejected are marked with the reason from an
 * uploaded rejections file (kept as an uploads row SAGE_IMPORT_INVALID_DATA).
 */

export type AccountingSource = (typeof ACCOUNTING_EXPORT_SOURCES)[number];
type TransactionType = (typeof ACCOUNTING_TRANSACTION_TYPES)[number];

/** The sources this service reads; ENERGY_BILL and PORTFOLIO_INVOICE are refused with a message. */
export const SUPPORTED_SOURCES: readonly AccountingSource[] = ['MONTHLY', 'STATEMENT', 'ADDITIONAL_TRANSACTION'];
/** Sage 50's audit-trail import field lengths: reference 30, details 60 characters. */
const SAGE_REFERENCE_LENGTH = 30;
const SAGE_DETAILS_LENGTH = 60;
const EXPORT_LOCK = 7_002;
const ROW_INSERT_BATCH = 1_000;

export interface AccountingExportRow {
  id: number;
  group_id: number;
  source: AccountingSource;
  aggregate_type: AggregateType;
  company_code: string;
  status: 'NOT_EXPORTED' | 'EXPORTED' | 'EXPORTED_TO_SAGE';
  period_start: string;
  period_end: string;
  row_count: number;
  export_file_id: string | null;
  created_at: Date;
  updated_at: Date;
}

interface RowDraft {
  aggregate: AggregateType;
  transaction_type: TransactionType;
  account_reference: string;
  nominal_code: string;
  transaction_date: string;
  reference: string;
  details: string;
  net_pence: number;
  tax_code: TaxCode;
  tax_pence: number;
}

const aggregateOf = (billingType: BillingType | null): AggregateType => billingType ?? 'OTHER';
const clip = (text: string, length: number) => (text.length > length ? text.slice(0, length) : text);

/** A posting as Sage wants it: positive amounts, the direction in the type (an invoice, or the credit that undoes one). */
function posting(draft: Omit<RowDraft, 'transaction_type' | 'net_pence' | 'tax_pence'>, invoice: TransactionType, credit: TransactionType, net: number, tax: number): RowDraft {
  const negative = net + tax < 0;
  return {
    ...draft,
    reference: clip(draft.reference, SAGE_REFERENCE_LENGTH),
    details: clip(draft.details, SAGE_DETAILS_LENGTH),
    transaction_type: negative ? credit : invoice,
    net_pence: negative ? -net : net,
    tax_pence: negative ? -tax : tax,
  };
}

/**
 * STATEMENT: each tenant statement issued in the period (whatever became of it since), one row per utility
 * and VAT rate of its lines; and each one voided in the period, as the credit (SC) that takes it back, dated
 * the day of the void. A statement voided after its period was exported is so undone in a later export.
 */
async function statementRows(db: Knex, groupId: number, codes: FinanceCodes, { periodStart, periodEnd }: Period): Promise<RowDraft[]> {
  type StatementRow = {
    id: string;
    tenant_contract_id: number;
    kind: string;
    posted_on: string;
    voided: boolean;
    billing_type: BillingType | null;
    utility_type: UtilityType | null;
    vat_rate_bp: number | null;
    net: string;
    vat: string;
  };
  const select = (voided: boolean) => {
    const postedOn = voided ? `to_char((b.voided_at AT TIME ZONE 'Europe/London')::date, 'YYYY-MM-DD')` : `to_char(b.issue_date, 'YYYY-MM-DD')`;
    const sign = voided ? '-' : '';
    const query = db('bills as b')
      .leftJoin('bill_lines as bl', 'bl.bill_id', 'b.id')
      .leftJoin('house_contracts as hc', 'hc.id', 'b.house_contract_id')
      .where('b.group_id', groupId)
      .whereIn('b.kind', [...POSTED_BILL_KINDS]);
    if (voided) query.where('b.state', 'VOID').whereRaw(`(b.voided_at AT TIME ZONE 'Europe/London')::date BETWEEN ? AND ?`, [periodStart, periodEnd]);
    else query.whereBetween('b.issue_date', [periodStart, periodEnd]);
    return query
      .groupBy('b.id', 'b.tenant_contract_id', 'b.kind', db.raw(postedOn), 'hc.billing_type', 'bl.utility_type', 'bl.vat_rate_bp')
      .select('b.id', 'b.tenant_contract_id', 'b.kind', db.raw(`${postedOn} AS posted_on`), db.raw(`${voided} AS voided`), 'hc.billing_type', 'bl.utility_type', 'bl.vat_rate_bp')
      .select(db.raw(`${sign}coalesce(sum(bl.net_pence), min(b.net_pence)) AS net`), db.raw(`${sign}coalesce(sum(bl.vat_pence), min(b.vat_pence)) AS vat`));
  };
  const order = (row: StatementRow) => [row.posted_on, String(row.id).padStart(20, '0'), row.voided ? '1' : '0', row.utility_type ?? '', String(row.vat_rate_bp ?? '').padStart(5, '0')].join('|');
  const rows = ([...(await select(false)), ...(await select(true))] as StatementRow[]).sort((a, b) => order(a).localeCompare(order(b)));
  return rows
    .filter((row) => Number(row.net) !== 0 || Number(row.vat) !== 0)
    .map((row) => {
      const nominal = codes.nominal('SALES', row.billing_type, row.utility_type);
      const taxCode = row.vat_rate_bp === null ? nominal.taxCode : (TAX_CODE_BY_VAT_BP[row.vat_rate_bp] ?? nominal.taxCode);
      const statement = row.kind === 'FINAL_STATEMENT' ? 'Final statement' : 'Statement';
      const what = row.voided ? `Void of ${statement.toLowerCase()}` : statement;
      return posting(
        {
          aggregate: aggregateOf(row.billing_type),
          account_reference: accountReference(row.tenant_contract_id),
          nominal_code: nominal.nominalCode,
          transaction_date: row.posted_on,
          reference: `ST${row.id}`,
          details: `${what} ${row.id}${row.utility_type ? ` ${row.utility_type}` : ''}`,
          tax_code: taxCode,
        },
        'SI',
        'SC',
        Number(row.net),
        Number(row.vat),
      );
    });
}

/** MONTHLY: the plan instalments charged in the period (SI, gross split at the instalment code's rate) and the payments received (SR). */
async function monthlyRows(db: Knex, groupId: number, codes: FinanceCodes, { periodStart, periodEnd }: Period): Promise<RowDraft[]> {
  const entries: Array<{ id: string; tenant_contract_id: number; entry_date: string; kind: string; amount_pence: number; description: string; payment_id: string | null; billing_type: BillingType | null }> =
    await db('ledger_entries as le')
      .join('tenant_contracts as tc', 'tc.id', 'le.tenant_contract_id')
      .leftJoin('house_contracts as hc', 'hc.id', 'tc.house_contract_id')
      .where('le.group_id', groupId)
      .whereIn('le.kind', ['INSTALMENT', 'PAYMENT'])
      .whereBetween('le.entry_date', [periodStart, periodEnd])
      .where((query) => query.where('le.kind', 'INSTALMENT').orWhere('hc.billing_type', 'PLAN'))
      .orderBy([{ column: 'le.entry_date' }, { column: 'le.id' }])
      .select('le.id', 'le.tenant_contract_id', 'le.entry_date', 'le.kind', 'le.amount_pence', 'le.description', 'le.payment_id', 'hc.billing_type');
  return entries
    .filter((entry) => entry.amount_pence !== 0)
    .map((entry) => {
      const base = { aggregate: aggregateOf(entry.billing_type), account_reference: accountReference(entry.tenant_contract_id), transaction_date: entry.entry_date, details: entry.description };
      if (entry.kind === 'INSTALMENT') {
        const nominal = codes.nominal('INSTALMENT', entry.billing_type, null);
        const { netPence, taxPence } = splitGross(entry.amount_pence, nominal.taxCode);
        return posting({ ...base, nominal_code: nominal.nominalCode, reference: `IN${entry.id}`, tax_code: nominal.taxCode }, 'SI', 'SC', netPence, taxPence);
      }
      const bank = codes.nominal('RECEIPT', entry.billing_type, null);
      // A payment is a credit on the ledger (negative): received money is a positive receipt.
      return posting({ ...base, nominal_code: bank.nominalCode, reference: `PY${entry.payment_id ?? entry.id}`, tax_code: bank.taxCode }, 'SR', 'SR', -entry.amount_pence, 0);
    });
}

/** ADDITIONAL_TRANSACTION: DEBIT as SI, CREDIT as SC, gross split at the code's rate. */
async function additionalRows(db: Knex, groupId: number, codes: FinanceCodes, { periodStart, periodEnd }: Period): Promise<RowDraft[]> {
  const transactions: Array<{ id: number; tenant_contract_id: number; reference_type: 'CREDIT' | 'DEBIT'; amount_pence: number; description: string; transaction_date: string; billing_type: BillingType | null }> =
    await db('additional_transactions as at')
      .join('tenant_contracts as tc', 'tc.id', 'at.tenant_contract_id')
      .leftJoin('house_contracts as hc', 'hc.id', 'tc.house_contract_id')
      .where('at.group_id', groupId)
      .whereBetween('at.transaction_date', [periodStart, periodEnd])
      .orderBy([{ column: 'at.transaction_date' }, { column: 'at.id' }])
      .select('at.id', 'at.tenant_contract_id', 'at.reference_type', 'at.amount_pence', 'at.description', 'at.transaction_date', 'hc.billing_type');
  return transactions.map((transaction) => {
    const debit = transaction.reference_type === 'DEBIT';
    const nominal = codes.nominal(debit ? 'ADDITIONAL_DEBIT' : 'ADDITIONAL_CREDIT', transaction.billing_type, null);
    const { netPence, taxPence } = splitGross(transaction.amount_pence, nominal.taxCode);
    const draft = {
      aggregate: aggregateOf(transaction.billing_type),
      account_reference: accountReference(transaction.tenant_contract_id),
      nominal_code: nominal.nominalCode,
      transaction_date: transaction.transaction_date,
      reference: `AT${transaction.id}`,
      details: transaction.description,
      tax_code: nominal.taxCode,
    };
    return debit ? posting(draft, 'SI', 'SC', netPence, taxPence) : posting(draft, 'SC', 'SI', netPence, taxPence);
  });
}

const READERS: Partial<Record<AccountingSource, (db: Knex, groupId: number, codes: FinanceCodes, period: Period) => Promise<RowDraft[]>>> = {
  STATEMENT: statementRows,
  MONTHLY: monthlyRows,
  ADDITIONAL_TRANSACTION: additionalRows,
};

const AGGREGATE_ORDER: readonly AggregateType[] = ['PLAN', 'BILL', 'PORTFOLIO', 'OTHER'];

/**
 * Reads the source over the period and writes one NOT_EXPORTED accounting export per aggregate type found
 * (none when the period has nothing to post). A source is exported once per day: a second export of the same
 * source over an overlapping period is refused.
 */
export async function generateAccountingExport(caller: FinanceCaller, source: string, input: Period): Promise<AccountingExportRow[]> {
  const period = checkPeriod(input);
  const groupId = requireGroup(AccountingExport, caller.groupId);
  const reader = READERS[source as AccountingSource];
  if (!reader) {
    const known = ['MONTHLY', 'STATEMENT', 'ENERGY_BILL', 'PORTFOLIO_INVOICE', 'ADDITIONAL_TRANSACTION'].includes(source);
    const message = known ? FINANCE_MESSAGES.sourceNotSupported(source) : `Unknown source ${source}: one of ${SUPPORTED_SOURCES.join(', ')}`;
    throw DomainError.invalid([{ field: 'source', rule: 'oneOf', message }]);
  }
  return caller.db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [EXPORT_LOCK, groupId]);
    const overlapping: AccountingExportRow | undefined = await trx<AccountingExportRow>('accounting_exports')
      .where({ group_id: groupId, source: source as AccountingSource })
      .where('period_start', '<=', period.periodEnd)
      .where('period_end', '>=', period.periodStart)
      .first();
    if (overlapping) {
      const message = FINANCE_MESSAGES.exportOverlaps(overlapping.id, source, overlapping.period_start, overlapping.period_end);
      throw new DomainError('CONFLICT', message, { fields: [{ field: 'periodStart', rule: 'overlap', message }] });
    }
    const codes = await FinanceCodes.load(trx);
    const drafts = await reader(trx, groupId, codes, period);
    const created: AccountingExportRow[] = [];
    for (const aggregate of AGGREGATE_ORDER) {
      const rows = drafts.filter((draft) => draft.aggregate === aggregate);
      if (!rows.length) continue;
      const [exported] = await trx<AccountingExportRow>('accounting_exports')
        .insert({
          group_id: groupId,
          source: source as AccountingSource,
          aggregate_type: aggregate,
          company_code: codes.company(aggregate).companyCode,
          period_start: period.periodStart,
          period_end: period.periodEnd,
          row_count: rows.length,
        })
        .returning('*');
      for (let start = 0; start < rows.length; start += ROW_INSERT_BATCH) {
        await trx('accounting_export_rows').insert(rows.slice(start, start + ROW_INSERT_BATCH).map(({ aggregate: _aggregate, ...row }) => ({ ...row, group_id: groupId, accounting_export_id: exported!.id })));
      }
      await recordChange(trx, { action: 'INSERT', entity: 'accounting_exports', entityId: exported!.id, actorUserId: caller.userId, after: exported! });
      created.push(exported!);
    }
    return created;
  });
}

async function exportForUpdate(trx: Knex, groupId: number, id: string | number): Promise<AccountingExportRow> {
  const exportId = recordId(id, FINANCE_MESSAGES.exportNotFound);
  const row = await trx<AccountingExportRow>('accounting_exports').where({ id: exportId, group_id: groupId }).forUpdate().first();
  if (!row) throw new DomainError('NOT_FOUND', FINANCE_MESSAGES.exportNotFound(String(id)));
  return row;
}

const pounds = (column: string) => `(${column} / 100.0)::numeric(20, 2)::text`;

/** Sage 50's audit-trail import columns, in its order: dates DD/MM/YYYY, amounts in pounds with 2 decimals. */
export const SAGE_AUDIT_TRAIL_COLUMNS: ExportColumn[] = [
  { name: 'type', kind: 'string', label: 'Type', sql: 'r.transaction_type::text' },
  { name: 'accountReference', kind: 'string', label: 'Account Reference', sql: 'r.account_reference' },
  { name: 'nominalCode', kind: 'string', label: 'Nominal A/C Ref', sql: 'r.nominal_code' },
  { name: 'departmentCode', kind: 'string', label: 'Department Code', sql: `coalesce(c.department_code, 0)::text` },
  { name: 'date', kind: 'string', label: 'Date', sql: `to_char(r.transaction_date, 'DD/MM/YYYY')` },
  { name: 'reference', kind: 'string', label: 'Reference', sql: 'r.reference' },
  { name: 'details', kind: 'string', label: 'Details', sql: 'r.details' },
  { name: 'netAmount', kind: 'string', label: 'Net Amount', sql: pounds('r.net_pence') },
  { name: 'taxCode', kind: 'string', label: 'Tax Code', sql: 'r.tax_code::text' },
  { name: 'taxAmount', kind: 'string', label: 'Tax Amount', sql: pounds('r.tax_pence') },
];

export interface AccountingFile {
  accountingExport: AccountingExportRow;
  file: ExportFileRow;
}

/**
 * Asks for the export's Sage audit-trail CSV: records the file (PENDING) as the export's latest file and queues
 * the `finance.export` job in one transaction (audited); the job writes it and marks the export EXPORTED. May be
 * repeated (a new file) until the export is marked as imported into Sage.
 */
export async function exportAccountingCsv(caller: FinanceJobCaller, id: string | number): Promise<AccountingFile> {
  const groupId = requireGroup(AccountingExport, caller.groupId);
  if (caller.userId === null) throw new DomainError('UNAUTHENTICATED', 'Sign in to export');
  const userId = caller.userId;
  return caller.db.transaction(async (trx) => {
    const before = await exportForUpdate(trx, groupId, id);
    if (before.status === 'EXPORTED_TO_SAGE') throw new DomainError('CONFLICT', FINANCE_MESSAGES.alreadyInSage(before.id));
    const file = await queueFinanceFile(trx, {
      userId,
      groupId,
      resource: AccountingExport.name,
      format: 'csv',
      fileName: `sage-${before.source.toLowerCase()}-${before.aggregate_type.toLowerCase()}-${before.period_start}-${before.period_end}-${before.id}.csv`,
      recordId: before.id,
    });
    const [after] = await trx<AccountingExportRow>('accounting_exports')
      .where({ id: before.id })
      .update({ export_file_id: file.id, updated_at: trx.fn.now() as never })
      .returning('*');
    await recordChange(trx, { action: 'UPDATE', entity: 'accounting_exports', entityId: before.id, actorUserId: userId, before, after: after! });
    await enqueue(caller.boss, trx, 'finance.export', { exportId: file.id, resource: 'AccountingExport', recordId: before.id });
    return { accountingExport: after!, file };
  });
}

/**
 * The `finance.export` job of an accounting export: writes the Sage CSV (rows Sage rejected left out) into the
 * queued file, unless a previous try finished it, and marks the export EXPORTED, audited as done by the user who
 * asked. An export confirmed in Sage meanwhile keeps EXPORTED_TO_SAGE. Safe to run twice.
 */
export async function writeAccountingFile(db: Knex, file: ExportFileRow, exportId: number, onProgress?: (progress: ExportProgress) => Promise<void>): Promise<AccountingFile> {
  const groupId = Number(file.group_id);
  const written =
    file.status === 'DONE'
      ? file
      : await writeFinanceFile(
          db,
          file,
          {
            columns: SAGE_AUDIT_TRAIL_COLUMNS,
            from: `FROM accounting_export_rows r JOIN accounting_exports e ON e.id = r.accounting_export_id
              LEFT JOIN finance_company_codes c ON c.aggregate_type::text = e.aggregate_type::text
              WHERE r.accounting_export_id = ? AND r.group_id = ? AND r.status <> 'REJECTED'`,
            orderBy: 'r.transaction_date, r.id',
            bindings: [exportId, groupId],
          },
          onProgress,
        );
  const accountingExport = await db.transaction(async (trx) => {
    const before = await exportForUpdate(trx, groupId, exportId);
    if (before.status !== 'NOT_EXPORTED') return before;
    const [after] = await trx<AccountingExportRow>('accounting_exports')
      .where({ id: before.id })
      .update({ status: 'EXPORTED', updated_at: trx.fn.now() as never })
      .returning('*');
    await recordChange(trx, { action: 'UPDATE', entity: 'accounting_exports', entityId: before.id, actorUserId: file.user_id, before, after: after! });
    return after!;
  });
  return { accountingExport, file: written };
}

/** Staff confirm Sage took the file: EXPORTED → EXPORTED_TO_SAGE, and its rows not rejected become EXPORTED. */
export async function markExportedToSage(caller: FinanceCaller, id: string | number): Promise<AccountingExportRow> {
  const groupId = requireGroup(AccountingExport, caller.groupId);
  return caller.db.transaction(async (trx) => {
    const before = await exportForUpdate(trx, groupId, id);
    if (before.status === 'NOT_EXPORTED') throw new DomainError('CONFLICT', FINANCE_MESSAGES.notExportedYet(before.id));
    if (before.status === 'EXPORTED_TO_SAGE') throw new DomainError('CONFLICT', FINANCE_MESSAGES.alreadyInSage(before.id));
    const [after] = await trx<AccountingExportRow>('accounting_exports')
      .where({ id: before.id })
      .update({ status: 'EXPORTED_TO_SAGE', updated_at: trx.fn.now() as never })
      .returning('*');
    const rows = await trx('accounting_export_rows').where({ accounting_export_id: before.id, status: 'PENDING' }).update({ status: 'EXPORTED', updated_at: trx.fn.now() });
    await recordChange(trx, { action: 'UPDATE', entity: 'accounting_exports', entityId: before.id, actorUserId: caller.userId, before, after: { ...after, rows_exported: rows } });
    return after!;
  });
}

export interface RejectionsResult {
  accountingExport: AccountingExportRow;
  rejected: number;
  uploadId: number;
}

/**
 * The rows Sage refused on import: a CSV whose header names a Reference column and a reason column (Reason,
 * Error or Message). Every row of the export with a named reference is marked REJECTED with its reason (for
 * correction); a reference the export does not have refuses the whole file. The file is kept and recorded as
 * an upload SAGE_IMPORT_INVALID_DATA of the group.
 */
export async function importSageRejections(caller: FinanceCaller, id: string | number, csvText: string, fileName = 'sage-rejections.csv'): Promise<RejectionsResult> {
  const groupId = requireGroup(AccountingExport, caller.groupId);
  const rejections = parseSageRejections(csvText);
  const storageKey = `sage-rejections/${groupId}/${crypto.randomUUID()}.csv`;
  const filePath = path.join(uploadsDir(), storageKey);
  const result = await caller.db.transaction(async (trx) => {
    const before = await exportForUpdate(trx, groupId, id);
    if (before.status === 'NOT_EXPORTED') throw new DomainError('CONFLICT', FINANCE_MESSAGES.notExportedYet(before.id));
    const references = [...new Set(rejections.map((rejection) => rejection.reference))];
    const known: Array<{ reference: string }> = await trx('accounting_export_rows').where({ accounting_export_id: before.id }).whereIn('reference', references).distinct('reference');
    const unknown = references.filter((reference) => !known.some((row) => row.reference === reference));
    if (unknown.length) throw DomainError.invalid([{ field: 'csvText', rule: 'reference', message: FINANCE_MESSAGES.unknownReferences(unknown) }]);
    let rejected = 0;
    for (const rejection of rejections) {
      const rows = await trx('accounting_export_rows')
        .where({ accounting_export_id: before.id, reference: rejection.reference })
        .update({ status: 'REJECTED', rejection_reason: rejection.reason, updated_at: trx.fn.now() })
        .returning(['id', 'status', 'rejection_reason']);
      rejected += rows.length;
      for (const row of rows as Array<{ id: string }>) {
        await recordChange(trx, { action: 'UPDATE', entity: 'accounting_export_rows', entityId: row.id, actorUserId: caller.userId, after: { status: 'REJECTED', rejection_reason: rejection.reason } });
      }
    }
    const [upload] = await trx('uploads')
      .insert({
        group_id: groupId,
        resource_type: 'SAGE_IMPORT_INVALID_DATA',
        file_name: fileName.trim() || 'sage-rejections.csv',
        content_type: 'text/csv',
        size_bytes: Buffer.byteLength(csvText, 'utf8'),
        storage_key: storageKey,
        uploaded_by_user_id: caller.userId,
      })
      .returning('*');
    await recordChange(trx, { action: 'INSERT', entity: 'uploads', entityId: upload.id, actorUserId: caller.userId, after: { ...upload, accounting_export_id: before.id } });
    fs.mkdirSync(path.dirname(filePath), { recursive: true });
    fs.writeFileSync(filePath, csvText, 'utf8');
    return { accountingExport: before, rejected, uploadId: Number(upload.id) };
  });
  return result;
}
