import type { Knex } from '@app/db';
import { finishRuns } from './bill-run-finished';

/**
 * Recomputes a run's counts and status from its houses. The run row is locked first, so the counting
 * statement starts after any other house that finished at the same moment has committed: counts never lag.
 * A started run with nothing PENDING is COMPLETED, or COMPLETED_WITH_FAILURES when a house FAILED; it is
 * marked finished (and its requester told) by finishRuns, once.
 */
export async function refreshRunProgress(trx: Knex.Transaction, billRunId: number): Promise<void> {
  await trx('bill_runs').where({ id: billRunId }).forUpdate().first('id');
  await trx.raw(
    `UPDATE bill_runs r SET
       houses_total = c.total, houses_done = c.done, houses_already_billed = c.already_billed,
       houses_failed = c.failed, houses_remaining = c.pending,
       status = CASE WHEN r.started_at IS NULL THEN r.status WHEN c.pending > 0 THEN 'RUNNING'
                     WHEN c.failed > 0 THEN 'COMPLETED_WITH_FAILURES' ELSE 'COMPLETED' END,
       finished_at = CASE WHEN c.pending > 0 THEN NULL ELSE r.finished_at END,
       updated_at = now()
     FROM (SELECT count(*)::int AS total,
                  (count(*) FILTER (WHERE status = 'DONE'))::int AS done,
                  (count(*) FILTER (WHERE status = 'ALREADY_BILLED'))::int AS already_billed,
                  (count(*) FILTER (WHERE status = 'FAILED'))::int AS failed,
                  (count(*) FILTER (WHERE status = 'PENDING'))::int AS pending
           FROM bill_run_houses WHERE bill_run_id = ?) c
     WHERE r.id = ?`,
    [billRunId, billRunId],
  );
  await finishRuns(trx, [billRunId]);
}

const COUNTER: Readonly<Record<string, string>> = {
  PENDING: 'houses_remaining',
  DONE: 'houses_done',
  ALREADY_BILLED: 'houses_already_billed',
  FAILED: 'houses_failed',
};

export interface RunHouseMove {
  billRunId: number;
  from: string;
  to: string;
}

/**
 * Houses' moves from one status to another, as changes of their runs' counters: one single-row update per
 * run, so the cost per house does not grow with the run (recounting every house each time made a run
 * quadratic). Runs are updated in id order, so two batches never wait on each other in a cycle.
 */
export async function moveRunHouses(trx: Knex.Transaction, moves: readonly RunHouseMove[]): Promise<void> {
  const deltas = new Map<number, Map<string, number>>();
  for (const { billRunId, from, to } of moves) {
    if (from === to || !COUNTER[from] || !COUNTER[to]) continue;
    const delta = deltas.get(billRunId) ?? new Map<string, number>();
    delta.set(COUNTER[from], (delta.get(COUNTER[from]) ?? 0) - 1);
    delta.set(COUNTER[to], (delta.get(COUNTER[to]) ?? 0) + 1);
    deltas.set(billRunId, delta);
  }
  for (const billRunId of [...deltas.keys()].sort((a, b) => a - b)) {
    const changes = [...deltas.get(billRunId)!].filter(([, change]) => change !== 0);
    if (changes.length === 0) continue;
    const set = changes.map(([column, change]) => `${column} = ${column} + ${change}`).join(', ');
    await trx.raw(`UPDATE bill_runs SET ${set}, updated_at = now() WHERE id = ?`, [billRunId]);
    await trx.raw(
      `UPDATE bill_runs SET
         status = 'RUNNING', finished_at = NULL
       WHERE id = ? AND started_at IS NOT NULL AND houses_remaining > 0`,
      [billRunId],
    );
  }
  await finishRuns(trx, [...deltas.keys()].sort((a, b) => a - b));
}
