import type { PgBoss } from 'pg-boss';
import { startBoss } from '@app/api';
import { createTestDatabase, waitFor, type TestDatabase } from '@app/api/testing';
import { startBillRunWorkers } from '../../api/src/bench/bill-run.bench';
import type { ManagedChild } from '../../api/src/launcher/child-process';
import { houseJobKey, startBillRun, type BillRunCaller } from '../../api/src/modules/billing';
import { buildBillHouse } from '../../api/src/modules/billing/billing-test-data';

/*
 * Bill runs survive what happens to real worker processes: a worker SIGKILLed in the middle of a run, the
 * same run enqueued twice, completed house jobs delivered again, two workers on one run. The guarantee
 * checked each time: exactly one ISSUED house statement per contract and period, none missing, and its
 * tenant statements and ledger entries consistent.
 *
 * The worker processes are real workers processes (workers/src/main.ts, started as `npm start` starts them)
 * working only the two bill-run queues, each fetching house jobs in batches back to back.
 *
 * A killed worker's job stays `active` until its expiry (300 s for billing.house). Here the queue's expiry is
 * lowered to 5 s (retry after 1 s) with updateQueue before the run's jobs are inserted — pg-boss copies a
 * queue's expiry and retry delay into each job when it is inserted — and this file's own pg-boss instance
 * supervises every second (the workers' supervisor runs every 60 s), so the killed job is failed and retried
 * within seconds instead of minutes. The workers refresh their queue cache every second too
 * (JOBS_QUEUE_CACHE_SECONDS): for a `singleton` queue pg-boss skips the keys its cached stats last saw active.
 */

const HOUSES = 200;
const MARCH = { periodStart: '2026-03-01', periodEnd: '2026-03-31' };
const APRIL = { periodStart: '2026-04-01', periodEnd: '2026-04-30' };
const TEST_EXPIRY = { expireInSeconds: 5, retryDelay: 1, retryBackoff: false };

let db: TestDatabase;
let boss: PgBoss;
let caller: BillRunCaller;
const workers: ManagedChild[] = [];
let marchRunId: number;

/** A worker process on this file's database, once it works the billing queues. */
async function startWorkerProcess(): Promise<ManagedChild> {
  // Batches of 20 houses, so the run is still going when the worker is killed.
  const [child] = await startBillRunWorkers(db.url, 1, { JOBS_QUEUE_CACHE_SECONDS: '1', BILL_RUN_BATCH_HOUSES: '20' });
  workers.push(child!);
  return child!;
}

const count = async (query: Promise<Array<Record<string, unknown>>>) => Number(Object.values((await query)[0]!)[0]);
const run = (id: number) => db.knex('bill_runs').where({ id }).first();
const finished = (id: number, timeoutMs = 40_000) => waitFor(`bill run ${id} to finish`, async () => ((await run(id))?.finished_at ? run(id) : undefined), timeoutMs);
const billCount = () => count(db.knex('bills').count({ n: '*' }));
const ledgerCount = () => count(db.knex('ledger_entries').count({ n: '*' }));

/** Every job of the run's houses (any state), for replaying or waiting on them. */
const houseJobs = (billRunId: number) => boss.findJobs<{ billRunId: number; houseContractId: number; periodStart: string; periodEnd: string }>('billing.house', { data: { billRunId } });

/** Exactly one ISSUED house statement per contract of the run for the period, its tenant statements and ledger entries consistent. */
async function expectOneStatementPerContract(period: { periodStart: string; periodEnd: string }): Promise<void> {
  const perContract: Array<{ house_contract_id: number; n: number }> = (
    await db.knex.raw(
      `SELECT hc.id AS house_contract_id, count(b.id)::int AS n
       FROM house_contracts hc LEFT JOIN bills b ON b.house_contract_id = hc.id AND b.kind = 'HOUSE_STATEMENT' AND b.state = 'ISSUED' AND b.tenant_contract_id IS NULL
         AND b.period_start = ? AND b.period_end = ?
       WHERE hc.billing_type = 'BILL' GROUP BY hc.id`,
      [period.periodStart, period.periodEnd],
    )
  ).rows;
  expect(perContract).toHaveLength(HOUSES);
  expect(perContract.filter((row) => row.n !== 1)).toEqual([]);

  // Tenant statements: one per tenant active in the period, under the house statement, adding up to it, each
  // posted once to the tenant's ledger.
  const inconsistent = (
    await db.knex.raw(
      `WITH house AS (
         SELECT b.id, b.house_contract_id, b.total_pence FROM bills b
         WHERE b.kind = 'HOUSE_STATEMENT' AND b.state = 'ISSUED' AND b.period_start = ? AND b.period_end = ?
       ), tenants AS (
         SELECT h.id, count(t.id)::int AS statements, coalesce(sum(t.total_pence), 0)::int AS total, count(DISTINCT t.tenant_contract_id)::int AS tenants,
                count(l.id)::int AS ledger, coalesce(sum(l.amount_pence), 0)::int AS posted
         FROM house h LEFT JOIN bills t ON t.parent_bill_id = h.id AND t.kind = 'TENANT_STATEMENT' AND t.state = 'ISSUED'
         LEFT JOIN ledger_entries l ON l.bill_id = t.id AND l.kind = 'STATEMENT'
         GROUP BY h.id
       ), expected AS (
         SELECT h.id, count(tc.id)::int AS tenants FROM house h
         JOIN tenant_contracts tc ON tc.house_contract_id = h.house_contract_id AND tc.start_date <= ? AND tc.end_date >= ?
         GROUP BY h.id
       )
       SELECT h.id, h.total_pence, t.*, e.tenants AS expected_tenants FROM house h JOIN tenants t USING (id) JOIN expected e USING (id)
       WHERE t.statements <> e.tenants OR t.tenants <> e.tenants OR t.total <> h.total_pence OR t.ledger <> t.statements OR t.posted <> t.total`,
      [period.periodStart, period.periodEnd, period.periodEnd, period.periodStart],
    )
  ).rows;
  expect(inconsistent).toEqual([]);
  const orphans = await count(
    db.knex('bills as t')
      .leftJoin('bills as h', 'h.id', 't.parent_bill_id')
      .where({ 't.kind': 'TENANT_STATEMENT', 't.period_start': period.periodStart, 't.period_end': period.periodEnd })
      .where((where) => where.whereNull('h.id').orWhereNot('h.state', 'ISSUED'))
      .count({ n: '*' }),
  );
  expect(orphans).toBe(0);
}

beforeAll(async () => {
  db = await createTestDatabase();
  // Half the houses get a second tenant moving in on 11 March, so their statements are split by days.
  for (let index = 0; index < HOUSES; index += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, offset) =>
        buildBillHouse(db.knex, {
          tenants: [{ startDate: '2025-09-01', endDate: '2026-08-31' }, { startDate: (index + offset) % 2 ? '2026-03-11' : '2025-09-01', endDate: '2026-08-31' }],
          meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2026-03-01', 1000 + index], ['2026-03-31', 1250.5 + index], ['2026-04-30', 1490 + index]] }],
          tariffs: [{ utility: 'electric', unitRate: '24.5', standingCharge: '53.68', startDate: '2025-09-01', endDate: '2026-08-31' }],
        }),
      ),
    );
  }
  // This file's own pg-boss: it sends jobs and supervises every second (fails expired jobs so they are retried).
  boss = await startBoss(db.url, 'worker', { schedule: false, supervise: true, superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, max: 4 });
  caller = { db: db.knex, boss, userId: null, groupId: 1 };
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop(5_000)));
  await boss?.stop({ graceful: false, close: true });
  await db?.drop();
});

it('finishes a run whose worker was SIGKILLed mid-run: one statement per contract, none missing', async () => {
  const first = await startWorkerProcess(); // its queues exist now
  await boss.updateQueue('billing.house', TEST_EXPIRY);

  const started = await startBillRun(caller, MARCH);
  marchRunId = started.id;
  const doneAtKill = await waitFor('some houses of the run to be DONE', async () => {
    const done = await count(db.knex('bill_run_houses').where({ bill_run_id: marchRunId, status: 'DONE' }).count({ n: '*' }));
    return done >= 20 ? done : undefined;
  });
  const exited = new Promise((resolve) => first.process.once('exit', resolve));
  first.process.kill('SIGKILL');
  await exited;
  const afterKill = await run(marchRunId);
  expect(afterKill).toMatchObject({ status: 'RUNNING', houses_total: HOUSES });
  expect(afterKill.houses_done).toBeGreaterThanOrEqual(doneAtKill);
  expect(afterKill.houses_remaining).toBeGreaterThan(0);

  await startWorkerProcess();
  expect(await finished(marchRunId)).toMatchObject({ status: 'COMPLETED', houses_total: HOUSES, houses_done: HOUSES, houses_failed: 0, houses_already_billed: 0, houses_remaining: 0 });
  await expectOneStatementPerContract(MARCH);
  expect(await count(db.knex('bills').where({ kind: 'TENANT_STATEMENT', period_start: MARCH.periodStart }).count({ n: '*' }))).toBe(HOUSES * 2);
  const jobs = await houseJobs(marchRunId);
  expect(jobs.filter((job) => job.state !== 'completed')).toEqual([]);
}, 60_000);

it('writes no new bill when the run is enqueued twice more, a second run covers the period, and completed house jobs are delivered again', async () => {
  const bills = await billCount();
  const ledger = await ledgerCount();
  const completed = (await houseJobs(marchRunId)).filter((job) => job.state === 'completed');
  expect(completed).toHaveLength(HOUSES);

  // The same run's fan-out twice more, and a second run of the same period.
  await Promise.all([boss.send('billing.run', { billRunId: marchRunId }), boss.send('billing.run', { billRunId: marchRunId })]);
  const again = await startBillRun(caller, MARCH);
  // Every completed house job replayed: sent again with the same data and singleton key.
  for (const job of completed) await boss.send('billing.house', job.data, { singletonKey: houseJobKey(job.data.houseContractId, job.data.periodStart, job.data.periodEnd) });

  expect(await finished(again.id)).toMatchObject({ status: 'COMPLETED', houses_total: HOUSES, houses_done: 0, houses_already_billed: HOUSES, houses_failed: 0 });
  await waitFor(
    'the fan-outs and the replayed house jobs',
    async () => {
      const fanOuts = await boss.findJobs('billing.run', { data: { billRunId: marchRunId } });
      const replays = await houseJobs(marchRunId);
      return fanOuts.length === 3 && fanOuts.every((job) => job.state === 'completed') && replays.length === HOUSES * 2 && replays.every((job) => job.state === 'completed');
    },
    40_000,
  );
  expect(await billCount()).toBe(bills);
  expect(await ledgerCount()).toBe(ledger);
  // The first run still says every house was billed by it (a replay finding it billed keeps DONE).
  expect(await run(marchRunId)).toMatchObject({ status: 'COMPLETED', houses_done: HOUSES, houses_already_billed: 0, houses_failed: 0 });
  const replayed = await houseJobs(marchRunId);
  expect(new Set(replayed.filter((job) => !completed.some((one) => one.id === job.id)).map((job) => (job.output as { status?: string } | null)?.status))).toEqual(new Set(['DONE']));
  await expectOneStatementPerContract(MARCH);
}, 60_000);

it('issues one statement per contract when two worker processes share a run (and its fan-out is duplicated)', async () => {
  await startWorkerProcess(); // the second one is still working
  const before = await billCount();
  const april = await startBillRun(caller, APRIL);
  // Duplicate fan-outs enqueue each house again while the first jobs are in flight on either process.
  await Promise.all([boss.send('billing.run', { billRunId: april.id }), boss.send('billing.run', { billRunId: april.id })]);

  expect(await finished(april.id)).toMatchObject({ status: 'COMPLETED', houses_total: HOUSES, houses_done: HOUSES, houses_failed: 0, houses_remaining: 0 });
  await waitFor(
    'every job of the April run',
    async () => {
      const fanOuts = await boss.findJobs('billing.run', { data: { billRunId: april.id } });
      const jobs = await houseJobs(april.id);
      return fanOuts.length === 3 && fanOuts.every((job) => job.state === 'completed') && jobs.length >= HOUSES && jobs.every((job) => job.state === 'completed');
    },
    40_000,
  );
  await expectOneStatementPerContract(APRIL);
  // A house statement and two tenant statements per house for April, nothing else.
  expect((await billCount()) - before).toBe(HOUSES * 3);
}, 60_000);
