import type { PgBoss } from 'pg-boss';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { Bill } from '../../rules/catalogue/money';
import { requireGroup } from '../records/record-scope';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { generateHouseStatement, type HouseStatementOutcome } from './house-statement.service';
import { enqueueStatementEmails } from './pdf/statement-email.service';
import { checkVoidReason, lockStatementSet, STATEMENT_MESSAGES, statementError, voidStatementSet, type BillRow, type StatementCaller } from './void-statement.service';

export interface ReissueResult {
  /** The bills this call voided (none when the statement was already void). */
  voided: BillRow[];
  houseBillId: number;
  tenantBillIds: number[];
  /** Statement e-mails enqueued for the new tenant statements (0 without a queue). */
  emailsQueued: number;
}

export const REISSUE_MESSAGES = {
  alreadyReissued: 'The statement has already been re-issued',
  alreadyBilled: 'Another statement is already issued for this house and period',
} as const;

/**
 * "Re-issue" on a statement: voids the set if still issued (the reason is then required), and issues a new
 * statement for the same house contract and period from today's readings and tariffs, replacing the voided
 * house statement and each tenant's voided statement (`replaces_bill_id`). All in one transaction: if the new
 * statement cannot be made (the house is no longer billable, or anything fails), nothing is voided or issued
 * and the answer is "Bill save failed: <why>". The new tenant statements are e-mailed like a run's when a
 * queue is given.
 */
export async function reissueStatement(caller: StatementCaller & { boss?: PgBoss }, args: { billId: number; reason?: unknown }): Promise<ReissueResult> {
  const groupId = requireGroup(Bill, caller.groupId);
  return caller.db.transaction(async (trx) => {
    const today = await readSystemCurrentDate(trx);
    const { requested, house } = await lockStatementSet(trx, groupId, args.billId);
    const voided: BillRow[] = [];
    if (house.state === 'ISSUED') {
      voided.push(...(await voidStatementSet(trx, { house, requested, reason: checkVoidReason(args.reason), userId: caller.userId, today })));
    } else {
      const replacement: { id: number } | undefined = await trx('bills').where({ replaces_bill_id: house.id, state: 'ISSUED' }).first('id');
      if (replacement) throw failed('replaced', `${REISSUE_MESSAGES.alreadyReissued} (bill ${replacement.id})`);
    }

    const tenantStatements: Array<{ id: number; tenant_contract_id: number }> = await trx('bills').where({ parent_bill_id: house.id, state: 'VOID' }).whereNotNull('tenant_contract_id').select('id', 'tenant_contract_id');
    const replaces = { houseBillId: house.id, tenantBillIds: Object.fromEntries(tenantStatements.map((bill) => [bill.tenant_contract_id, bill.id])) };
    let outcome: HouseStatementOutcome;
    try {
      outcome = await generateHouseStatement(trx, { houseContractId: house.house_contract_id, periodStart: house.period_start, periodEnd: house.period_end, issueDate: today, replaces });
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw failed('generate', error instanceof Error ? error.message : String(error));
    }
    if (outcome.status === 'NOT_BILLABLE') throw failed('billable', outcome.reason);
    if (outcome.status === 'ALREADY_BILLED') throw failed('unique', REISSUE_MESSAGES.alreadyBilled);

    await recordChange(trx, {
      action: 'INSERT',
      entity: 'bills',
      entityId: outcome.houseBillId,
      actorUserId: caller.userId,
      after: { id: outcome.houseBillId, reissueOf: house.id, tenantBillIds: outcome.tenantBillIds, replaces: replaces.tenantBillIds, issueDate: today },
    });
    const emailsQueued = caller.boss ? await enqueueStatementEmails(caller.boss, trx, outcome.houseBillId) : 0;
    return { voided, houseBillId: outcome.houseBillId, tenantBillIds: outcome.tenantBillIds, emailsQueued };
  });
}

const failed = (rule: string, reason: string) => statementError('CONFLICT', STATEMENT_MESSAGES.saveFailed, 'billId', rule, reason);
