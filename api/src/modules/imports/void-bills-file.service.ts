import type { Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { batchSize, resourceSpec } from '../../rules';
import { checkVoidReason, voidStatement } from '../billing/void-statement.service';
import { requireGroup } from '../records/record-scope';
import { checkImportFile, refuseFile, type ImportFile } from './import-file';
import { readSheet } from './parse-sheet';

export interface VoidBillsCaller {
  db: Knex;
  userId: number;
  groupId: number | null;
}

/** What happened to one row of the file. */
export interface VoidBillRow {
  /** The row's number in the file (the header is row 1). */
  row: number;
  billId: string;
  outcome: 'VOIDED' | 'REFUSED';
  /** The bills voided with it (a house statement and its tenant statements), or the refusal in words. */
  voidedBillIds: number[];
  message: string;
}

export interface VoidBillsResult {
  voided: number;
  refused: number;
  rows: VoidBillRow[];
}

const BILL_COLUMNS = ['bill', 'bill id', 'billid', 'bill_id', 'id'];

/**
 * POST /api/v2/uploads/void-energy-bills: a CSV or XLSX listing bills to void (a `bill` column with the bill's
 * number, and a `reason` column or one reason for every row). Each row goes through the statement void of the
 * back office (voidStatement: the group's BILL statements only, not one already void, the whole set with its
 * ledger reversals, audited), in its own transaction, so one refused row never stops or undoes the others; the
 * answer says per row what happened. The same file again voids nothing twice: each row is then "already void".
 */
export async function voidBillsFromFile(caller: VoidBillsCaller, file: ImportFile, defaultReason: unknown): Promise<VoidBillsResult> {
  requireGroup(resourceSpec('Bill'), caller.groupId);
  const { kind } = checkImportFile(file);
  const sheet = await readSheet(kind, file.data).catch(() => {
    throw refuseFile('The file cannot be read as a CSV or an XLSX');
  });
  const billColumn = sheet.header.findIndex((name) => BILL_COLUMNS.includes(name));
  const reasonColumn = sheet.header.indexOf('reason');
  if (billColumn < 0) throw refuseFile('The file has no bill column: the first row names the columns bill and reason');
  if (!sheet.rows.length) throw refuseFile('The file has no rows under its header');
  const tooMany = batchSize(sheet.rows.length);
  if (tooMany) throw refuseFile(tooMany);
  const fallback = typeof defaultReason === 'string' && defaultReason.trim() ? defaultReason : undefined;
  if (reasonColumn < 0 && fallback === undefined) checkVoidReason(defaultReason);

  const result: VoidBillsResult = { voided: 0, refused: 0, rows: [] };
  for (const { row, cells } of sheet.rows) {
    const billId = (cells[billColumn] ?? '').trim();
    const reason = (reasonColumn >= 0 ? (cells[reasonColumn] ?? '').trim() : '') || fallback;
    const outcome = await (/^\d{1,15}$/.test(billId) ? voidStatement(caller, { billId: Number(billId), reason }) : Promise.reject(new DomainError('BAD_USER_INPUT', 'Bill void error: the bill column holds a bill number'))).then(
      (voided) => ({ outcome: 'VOIDED' as const, voidedBillIds: voided.map((bill) => bill.id), message: `Voided ${voided.length} statement${voided.length > 1 ? 's' : ''}` }),
      (error: unknown) => {
        if (!(error instanceof DomainError)) throw error;
        const field = error.details.fields?.[0];
        return { outcome: 'REFUSED' as const, voidedBillIds: [], message: field?.field === 'reason' ? `Bill void error: ${field.message}` : error.message };
      },
    );
    result.rows.push({ row, billId, ...outcome });
    if (outcome.outcome === 'VOIDED') result.voided += 1;
    else result.refused += 1;
  }
  return result;
}
