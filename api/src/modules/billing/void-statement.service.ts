import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError, type ErrorCode } from '../../errors/domain-error';
import { Bill } from '../../rules/catalogue/money';
import { toRecord } from '../records/record-mapping';
import type { RecordValues } from '../records/record-rules';
import { requireGroup } from '../records/record-scope';
import { readSystemCurrentDate } from '../settings/read-current-date.service';

/*
 * Voiding a BILL statement. Issued statements are never edited (the database refuses it): a statement is
 * voided (state VOID, when and why) and, if needed, re-issued as a new statement pointing at it (see
 * reissue-statement.service.ts). A house statement and its tenant statements are one set: voiding either
 * voids them all, and each voided tenant statement gets a ledger VOID entry reversing its STATEMENT charge.
 */

/** The specification's §8 wording ("bill void error", "bill save failed"), followed by the reason. */
export const STATEMENT_MESSAGES = {
  voidError: 'Bill void error',
  saveFailed: 'Bill save failed',
  reasonRequired: 'Give the reason for voiding the statement',
  reasonTooLong: 'The reason is at most 500 characters',
  notFound: 'There is no such bill in this group',
  alreadyVoid: 'The statement is already void',
  notStatement: 'Only house and tenant statements (BILL billing) are voided and re-issued here',
} as const;

export const VOID_REASON_MAX_LENGTH = 500;
/** Bill kinds this service voids: the BILL statements a bill run issues. */
const STATEMENT_KINDS = ['HOUSE_STATEMENT', 'TENANT_STATEMENT'];

export interface StatementCaller {
  db: Knex;
  userId: number | null;
  groupId: number | null;
}

export interface BillRow {
  id: number;
  group_id: number;
  kind: string;
  state: string;
  house_contract_id: number;
  tenant_contract_id: number | null;
  parent_bill_id: number | null;
  period_start: string;
  period_end: string;
  [column: string]: unknown;
}

export const billRecord = (row: BillRow): RecordValues => toRecord(Bill, row);

/** A refusal of the void: "Bill void error: …" (or "Bill save failed: …"), naming the field. */
export function statementError(code: ErrorCode, prefix: string, field: string, rule: string, reason: string): DomainError {
  return new DomainError(code, `${prefix}: ${reason}`, { fields: [{ field, rule, message: reason }] });
}

/** The reason staff gave, trimmed; refused when empty or too long. */
export function checkVoidReason(reason: unknown): string {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (!text) throw DomainError.invalid([{ field: 'reason', rule: 'required', message: STATEMENT_MESSAGES.reasonRequired }]);
  if (text.length > VOID_REASON_MAX_LENGTH) throw DomainError.invalid([{ field: 'reason', rule: 'maxLength', message: STATEMENT_MESSAGES.reasonTooLong }]);
  return text;
}

/**
 * The house statement of the set `billId` belongs to (itself, or a tenant statement's parent), locked, in the
 * caller's group; refused with "Bill void error" when there is no such bill or it is not a BILL statement.
 */
export async function lockStatementSet(trx: Knex, groupId: number, billId: number): Promise<{ requested: BillRow; house: BillRow }> {
  const fail = (code: ErrorCode, rule: string, reason: string) => statementError(code, STATEMENT_MESSAGES.voidError, 'billId', rule, reason);
  if (!Number.isSafeInteger(billId) || billId < 1) throw fail('NOT_FOUND', 'exists', STATEMENT_MESSAGES.notFound);
  const requested: BillRow | undefined = await trx('bills').where({ id: billId, group_id: groupId }).forUpdate().first();
  if (!requested) throw fail('NOT_FOUND', 'exists', STATEMENT_MESSAGES.notFound);
  if (!STATEMENT_KINDS.includes(requested.kind)) throw fail('BAD_USER_INPUT', 'statement', STATEMENT_MESSAGES.notStatement);
  const house: BillRow | undefined =
    requested.kind === 'HOUSE_STATEMENT' ? requested : await trx('bills').where({ id: requested.parent_bill_id, group_id: groupId }).forUpdate().first();
  if (!house) throw fail('NOT_FOUND', 'exists', STATEMENT_MESSAGES.notFound);
  return { requested, house };
}

/**
 * Voids an ISSUED statement set in the caller's transaction: the house statement and every ISSUED tenant
 * statement split from it, each audited; each tenant's STATEMENT charge reversed by a VOID ledger entry dated
 * `today`, so the tenant's balance no longer includes it. Answers the voided bills, house statement first.
 */
export async function voidStatementSet(trx: Knex, args: { house: BillRow; requested: BillRow; reason: string; userId: number | null; today: string }): Promise<BillRow[]> {
  const { house, requested, reason, userId, today } = args;
  if (house.state !== 'ISSUED' || requested.state !== 'ISSUED') {
    throw statementError('CONFLICT', STATEMENT_MESSAGES.voidError, 'billId', 'issued', STATEMENT_MESSAGES.alreadyVoid);
  }
  const tenants: BillRow[] = await trx('bills').where({ parent_bill_id: house.id, state: 'ISSUED' }).whereNotNull('tenant_contract_id').orderBy('id').forUpdate();
  const voided: BillRow[] = [];
  for (const bill of [house, ...tenants]) {
    const [after] = (await trx('bills')
      .where({ id: bill.id })
      .update({ state: 'VOID', voided_at: trx.fn.now(), void_reason: reason, updated_at: trx.fn.now() })
      .returning('*')) as BillRow[];
    voided.push(after!);
    if (bill.tenant_contract_id !== null) await reverseCharge(trx, bill, reason, today);
    await recordChange(trx, { action: 'UPDATE', entity: 'bills', entityId: bill.id, actorUserId: userId, before: billRecord(bill), after: billRecord(after!) });
  }
  // The house's bill is no longer out: it is being worked on until it is re-issued (which sets BILL_SENT again).
  await trx('house_contracts').where({ id: house.house_contract_id, billing_status: 'BILL_SENT' }).update({ billing_status: 'IN_PROGRESS', updated_at: trx.fn.now() });
  return voided;
}

/** The VOID entry that takes the statement's charge (what is left of it) off the tenant's ledger. */
async function reverseCharge(trx: Knex, bill: BillRow, reason: string, today: string): Promise<void> {
  const [sum] = await trx('ledger_entries').where({ bill_id: bill.id, tenant_contract_id: bill.tenant_contract_id }).whereIn('kind', ['STATEMENT', 'VOID']).sum({ standing: 'amount_pence' });
  const standing = Number(sum?.standing ?? 0);
  if (standing === 0) return;
  await trx('ledger_entries').insert({
    group_id: bill.group_id,
    tenant_contract_id: bill.tenant_contract_id,
    entry_date: today,
    kind: 'VOID',
    amount_pence: -standing,
    description: `Statement ${bill.id} voided: ${reason}`.slice(0, 255),
    bill_id: bill.id,
  });
}

/**
 * "Void" on a statement: staff give the reason; the whole set is voided in one transaction (see
 * voidStatementSet). Refused with "Bill void error: …" when the bill is not found in the group, is not a
 * BILL statement, or is already void.
 */
export async function voidStatement(caller: StatementCaller, args: { billId: number; reason: unknown }): Promise<BillRow[]> {
  const reason = checkVoidReason(args.reason);
  const groupId = requireGroup(Bill, caller.groupId);
  return caller.db.transaction(async (trx) => {
    const { requested, house } = await lockStatementSet(trx, groupId, args.billId);
    return voidStatementSet(trx, { house, requested, reason, userId: caller.userId, today: await readSystemCurrentDate(trx) });
  });
}
