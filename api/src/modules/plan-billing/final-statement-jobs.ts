import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { enqueue } from '../../jobs/enqueue';
import { addDays } from '../../rules';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { FINAL_STATEMENT_WEEKS, generateFinalStatement, type FinalStatementOutcome } from './final-statement.service';

/*
 * The `billing.final-statements` job. Without a tenant contract (the daily schedule) it finds the PLAN tenant
 * contracts that ended in the last 12 weeks (before the system's current date) and have no final statement,
 * and enqueues one job per contract (singletonKey per contract); with one it issues that contract's final
 * statement. One contract failing fails only its own job (retried by the queue); statements are unique per
 * contract, so running the sweep or a contract's job twice issues nothing new.
 */

export const FINAL_STATEMENTS_QUEUE = 'billing.final-statements';
export const finalStatementJobKey = (tenantContractId: number): string => `final-statement:${tenantContractId}`;

/** PLAN tenant contracts ended in the 12 weeks before `today` (the end day included) without an issued final statement. */
export async function dueFinalStatements(db: Knex, today: string): Promise<number[]> {
  const rows: Array<{ id: number }> = await db('tenant_contracts as tc')
    .join('house_contracts as hc', 'hc.id', 'tc.house_contract_id')
    .where('hc.billing_type', 'PLAN')
    .whereNot('hc.status', 'PENDING')
    .where('tc.end_date', '<', today)
    .where('tc.end_date', '>=', addDays(today, -7 * FINAL_STATEMENT_WEEKS))
    .whereNotExists((query) => query.select(db.raw('1')).from('bills as b').whereRaw('b.tenant_contract_id = tc.id').where({ 'b.kind': 'FINAL_STATEMENT', 'b.state': 'ISSUED' }))
    .orderBy('tc.id')
    .select('tc.id');
  return rows.map((row) => row.id);
}

export async function enqueueDueFinalStatements(db: Knex, boss: PgBoss): Promise<{ today: string; due: number; enqueued: number }> {
  const today = await readSystemCurrentDate(db);
  const due = await dueFinalStatements(db, today);
  let enqueued = 0;
  await db.transaction(async (trx) => {
    for (const tenantContractId of due) {
      const id = await enqueue(boss, trx, FINAL_STATEMENTS_QUEUE, { tenantContractId }, { singletonKey: finalStatementJobKey(tenantContractId) });
      if (id) enqueued += 1;
    }
  });
  return { today, due: due.length, enqueued };
}

export type FinalStatementJobOutput = { today: string; due: number; enqueued: number } | Omit<Extract<FinalStatementOutcome, { status: 'ISSUED' }>, 'statement'> | Exclude<FinalStatementOutcome, { status: 'ISSUED' }>;

/** One run of the job: the sweep (no tenant contract) or one contract's final statement, in its own transaction. */
export async function runFinalStatementJob(db: Knex, boss: PgBoss, data: { tenantContractId?: number }): Promise<FinalStatementJobOutput> {
  if (data.tenantContractId === undefined) return enqueueDueFinalStatements(db, boss);
  const tenantContractId = data.tenantContractId;
  const outcome = await db.transaction((trx) => generateFinalStatement(trx, tenantContractId));
  if (outcome.status !== 'ISSUED') return outcome;
  const { statement: _statement, ...summary } = outcome;
  return summary;
}
