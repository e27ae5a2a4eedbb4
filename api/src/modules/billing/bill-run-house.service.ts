import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { generateHouseStatement, generateHouseStatements, type HouseStatementOutcome, type HouseStatementRequest } from './house-statement.service';
import { enqueueEmailsOfStatements } from './pdf/statement-email.service';
import { notifyStatementsIssued } from './statement-notifications';
import { moveRunHouses, type RunHouseMove } from './run-progress';

export interface HouseJob {
  billRunId: number;
  houseContractId: number;
  periodStart: string;
  periodEnd: string;
}

export type HouseJobOutcome = { billRunId: number; houseContractId: number; status: 'DONE' | 'ALREADY_BILLED' | 'FAILED' | 'SKIPPED'; billingStatus?: string | null; billId?: number | null; error?: string };

/** A job's result in a batch: its outcome, or the error that should fail the job (the queue retries it). */
export type HouseJobResult = { outcome: HouseJobOutcome } | { error: Error };

const RUN_HOUSE_STATUS = { BILLED: 'DONE', ALREADY_BILLED: 'ALREADY_BILLED', NOT_BILLABLE: 'FAILED' } as const;

interface RunRow {
  id: number;
  issue_date: string;
  period_start: string;
  period_end: string;
}

interface MemberRow {
  id: number;
  bill_run_id: number;
  house_contract_id: number;
  status: string;
  bill_id: number | null;
}

const memberKey = (billRunId: number, houseContractId: number): string => `${billRunId}:${houseContractId}`;

/**
 * The `billing.house` job: the house's statement and its outcome on the run, in one transaction, so a
 * statement is never issued without the run knowing. One house never stops the run: a house that cannot be
 * billed is recorded FAILED with its reason (and the job succeeds); an unexpected error is recorded FAILED
 * too, in a transaction of its own, and rethrown so the queue retries the job. A house already DONE stays
 * DONE when a duplicate job finds it billed. `boss`, when given, e-mails each new tenant statement (a job
 * per statement, enqueued with the statement).
 */
export async function billHouseForRun(db: Knex, job: HouseJob, boss?: PgBoss): Promise<HouseJobOutcome> {
  const [result] = await billHousesForRun(db, [job], boss);
  if ('error' in result!) throw result.error;
  return result!.outcome;
}

/**
 * A batch of `billing.house` jobs (the workers fetch them in batches): every house billed in one transaction
 * with a fixed number of queries, so a run's cost per house stays small. If the batch transaction fails for
 * any reason (a statement issued meanwhile by someone else, a database error), nothing of it is kept and each
 * house is done again on its own, so one bad house fails only its own job.
 */
export async function billHousesForRun(db: Knex, jobs: readonly HouseJob[], boss?: PgBoss): Promise<HouseJobResult[]> {
  const results: Array<HouseJobResult | undefined> = new Array(jobs.length);
  const runs = new Map<number, RunRow>(
    ((await db('bill_runs').whereIn('id', [...new Set(jobs.map((job) => job.billRunId))]).select('id', 'issue_date', 'period_start', 'period_end')) as RunRow[]).map((run) => [run.id, run]),
  );
  const members = new Set(
    ((await db('bill_run_houses').whereIn('bill_run_id', [...runs.keys()]).whereIn('house_contract_id', jobs.map((job) => job.houseContractId)).select('bill_run_id', 'house_contract_id')) as MemberRow[]).map((row) =>
      memberKey(row.bill_run_id, row.house_contract_id),
    ),
  );
  const billable: number[] = [];
  jobs.forEach((job, index) => {
    if (runs.has(job.billRunId) && members.has(memberKey(job.billRunId, job.houseContractId))) billable.push(index);
    else results[index] = { outcome: { billRunId: job.billRunId, houseContractId: job.houseContractId, status: 'SKIPPED', error: 'The house is not part of the run' } };
  });
  const requestOf = (job: HouseJob): HouseStatementRequest => {
    const run = runs.get(job.billRunId)!;
    return { houseContractId: job.houseContractId, periodStart: run.period_start, periodEnd: run.period_end, issueDate: run.issue_date };
  };

  if (billable.length > 1) {
    try {
      const outcomes = await db.transaction(async (trx) => {
        // Foreign-key checks run cached plans made the first time this session checked a row. When the
        // statements' tables were tiny then (the first run on a new database), the plan is a sequential scan
        // that never gets re-planned, and every batch gets slower than the last (measured: 22 ms → 296 ms per
        // bill_lines insert over 2,000 houses). Dropping the session's cached plans once a batch keeps them current.
        await trx.raw('DISCARD PLANS');
        const statements = await generateHouseStatements(trx, billable.map((index) => requestOf(jobs[index]!)));
        return settle(trx, boss, billable.map((index) => jobs[index]!), statements);
      });
      billable.forEach((index, position) => (results[index] = { outcome: outcomes[position]! }));
      return results as HouseJobResult[];
    } catch {
      // Fall through: each house again in a transaction of its own.
    }
  }
  for (const index of billable) results[index] = await billOneHouse(db, jobs[index]!, requestOf(jobs[index]!), boss);
  return results as HouseJobResult[];
}

async function billOneHouse(db: Knex, job: HouseJob, request: HouseStatementRequest, boss?: PgBoss): Promise<HouseJobResult> {
  try {
    return { outcome: (await db.transaction(async (trx) => settle(trx, boss, [job], [await generateHouseStatement(trx, request)])))[0]! };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.transaction(async (trx) => {
      await trx('house_contracts').where({ id: job.houseContractId }).update({ billing_status: 'NOT_MADE_IN_BILL_RUN', updated_at: trx.fn.now() });
      const house: MemberRow = await trx('bill_run_houses').where({ bill_run_id: job.billRunId, house_contract_id: job.houseContractId }).forUpdate().first('id', 'status');
      await trx('bill_run_houses')
        .where({ id: house.id })
        .update({ status: 'FAILED', billing_status: 'NOT_MADE_IN_BILL_RUN', error: message, attempts: trx.raw('attempts + 1'), updated_at: trx.fn.now() });
      await moveRunHouses(trx, [{ billRunId: job.billRunId, from: house.status, to: 'FAILED' }]);
    });
    return { error: error instanceof Error ? error : new Error(message) };
  }
}

/**
 * Records each house's outcome on its run (one UPDATE for the batch, rows locked in id order), enqueues the
 * e-mail of every new tenant statement, tells its tenant, and moves the runs' counters, all in the
 * statements' transaction.
 */
async function settle(trx: Knex.Transaction, boss: PgBoss | undefined, jobs: readonly HouseJob[], statements: readonly HouseStatementOutcome[]): Promise<HouseJobOutcome[]> {
  const rows: MemberRow[] = await trx('bill_run_houses')
    .whereIn('bill_run_id', [...new Set(jobs.map((job) => job.billRunId))])
    .whereIn('house_contract_id', jobs.map((job) => job.houseContractId))
    .orderBy('id')
    .forUpdate()
    .select('id', 'bill_run_id', 'house_contract_id', 'status', 'bill_id');
  const rowOf = new Map(rows.map((row) => [memberKey(row.bill_run_id, row.house_contract_id), row]));
  const moves: RunHouseMove[] = [];
  const updates: Array<{ id: number; status: string; bill_id: number | null; billing_status: string | null; keep_billing_status: boolean; error: string | null }> = [];
  const outcomes = jobs.map((job, position): HouseJobOutcome => {
    const outcome = statements[position]!;
    const row = rowOf.get(memberKey(job.billRunId, job.houseContractId))!;
    const keepDone = row.status === 'DONE' && outcome.status === 'ALREADY_BILLED';
    const status = keepDone ? 'DONE' : RUN_HOUSE_STATUS[outcome.status];
    const billId = outcome.status === 'BILLED' || outcome.status === 'ALREADY_BILLED' ? (outcome.houseBillId ?? row.bill_id) : null;
    const billingStatus = outcome.status === 'NOT_BILLABLE' ? outcome.billingStatus : outcome.status === 'BILLED' ? 'BILL_SENT' : null;
    const error = outcome.status === 'NOT_BILLABLE' ? outcome.reason : null;
    updates.push({ id: row.id, status, bill_id: billId, billing_status: billingStatus, keep_billing_status: keepDone, error });
    moves.push({ billRunId: job.billRunId, from: row.status, to: status });
    row.status = status;
    return { billRunId: job.billRunId, houseContractId: job.houseContractId, status, billingStatus, billId, ...(error ? { error } : {}) };
  });
  await trx.raw(
    `UPDATE bill_run_houses h SET status = u.status, bill_id = u.bill_id,
       billing_status = CASE WHEN u.keep_billing_status THEN h.billing_status ELSE u.billing_status END,
       error = u.error, attempts = h.attempts + 1, updated_at = now()
     FROM jsonb_to_recordset(?::jsonb) AS u(id int, status text, bill_id bigint, billing_status text, keep_billing_status boolean, error text)
     WHERE h.id = u.id AND h.id = ANY(?::int[])`,
    // The ids again as an array: the planner knows how many rows that is and reads them by key (of a JSON
    // recordset it assumes 100 rows, and on a large run it hashed the whole table instead).
    [JSON.stringify(updates), updates.map((update) => update.id)],
  );
  const houseBillIds = statements.flatMap((statement) => (statement.status === 'BILLED' ? [statement.houseBillId] : []));
  if (boss) await enqueueEmailsOfStatements(boss, trx, houseBillIds);
  await notifyStatementsIssued(trx, houseBillIds);
  // Last: the run's row is locked from here to the commit, and every batch of the run waits for it.
  await moveRunHouses(trx, moves);
  return outcomes;
}
