import type { PgBoss } from 'pg-boss';
import { enqueueStatementEmails } from './pdf/statement-email.service';
import type { Knex } from '@app/db';
import { generateHouseStatement, type HouseStatementOutcome } from './house-statement.service';
import { moveRunHouse } from './run-progress';

export interface HouseJob {
  billRunId: number;
  houseContractId: number;
  periodStart: string;
  periodEnd: string;
}

export type HouseJobOutcome = { billRunId: number; houseContractId: number; status: 'DONE' | 'ALREADY_BILLED' | 'FAILED' | 'SKIPPED'; billingStatus?: string | null; billId?: number | null; error?: string };

const RUN_HOUSE_STATUS = { BILLED: 'DONE', ALREADY_BILLED: 'ALREADY_BILLED', NOT_BILLABLE: 'FAILED' } as const;

/**
 * The `billing.house` job: the house's statement and its outcome on the run, in one transaction, so a
 * statement is never issued without the run knowing. One house never stops the run: a house that cannot be
 * billed is recorded FAILED with its reason (and the job succeeds); an unexpected error is recorded FAILED
 * too, in a transaction of its own, and rethrown so the queue retries the job. A house already DONE stays
 * DONE when a duplicate job finds it billed.
 */
/** `boss`, when given, e-mails each new tenant statement (a job per statement, enqueued with the statement). */
export async function billHouseForRun(db: Knex, job: HouseJob, boss?: PgBoss): Promise<HouseJobOutcome> {
  const { billRunId, houseContractId } = job;
  const run: { issue_date: string; period_start: string; period_end: string } | undefined = await db('bill_runs').where({ id: billRunId }).first('issue_date', 'period_start', 'period_end');
  const member = await db('bill_run_houses').where({ bill_run_id: billRunId, house_contract_id: houseContractId }).first('id');
  if (!run || !member) return { billRunId, houseContractId, status: 'SKIPPED', error: 'The house is not part of the run' };
  try {
    return await db.transaction(async (trx) => {
      const outcome = await generateHouseStatement(trx, { houseContractId, periodStart: run.period_start, periodEnd: run.period_end, issueDate: run.issue_date });
      if (boss && outcome.status === 'BILLED') await enqueueStatementEmails(boss, trx, outcome.houseBillId);
      return recordOutcome(trx, job, outcome);
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.transaction(async (trx) => {
      await trx('house_contracts').where({ id: houseContractId }).update({ billing_status: 'NOT_MADE_IN_BILL_RUN', updated_at: trx.fn.now() });
      const house = await trx('bill_run_houses').where({ bill_run_id: billRunId, house_contract_id: houseContractId }).forUpdate().first('id', 'status');
      await trx('bill_run_houses')
        .where({ id: house.id })
        .update({ status: 'FAILED', billing_status: 'NOT_MADE_IN_BILL_RUN', error: message, attempts: trx.raw('attempts + 1'), updated_at: trx.fn.now() });
      await moveRunHouse(trx, billRunId, house.status, 'FAILED');
    });
    throw error;
  }
}

async function recordOutcome(trx: Knex.Transaction, job: HouseJob, outcome: HouseStatementOutcome): Promise<HouseJobOutcome> {
  const row: { id: number; status: string; bill_id: number | null } = await trx('bill_run_houses')
    .where({ bill_run_id: job.billRunId, house_contract_id: job.houseContractId })
    .forUpdate()
    .first('id', 'status', 'bill_id');
  const keepDone = row.status === 'DONE' && outcome.status === 'ALREADY_BILLED';
  const status = keepDone ? 'DONE' : RUN_HOUSE_STATUS[outcome.status];
  const billId = outcome.status === 'BILLED' || outcome.status === 'ALREADY_BILLED' ? (outcome.houseBillId ?? row.bill_id) : null;
  const billingStatus = outcome.status === 'NOT_BILLABLE' ? outcome.billingStatus : outcome.status === 'BILLED' ? 'BILL_SENT' : null;
  const error = outcome.status === 'NOT_BILLABLE' ? outcome.reason : null;
  await trx('bill_run_houses')
    .where({ id: row.id })
    .update({ status, bill_id: billId, ...(keepDone ? {} : { billing_status: billingStatus }), error, attempts: trx.raw('attempts + 1'), updated_at: trx.fn.now() });
  await moveRunHouse(trx, job.billRunId, row.status, status);
  return { billRunId: job.billRunId, houseContractId: job.houseContractId, status, billingStatus, billId, ...(error ? { error } : {}) };
}
