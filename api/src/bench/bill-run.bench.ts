import fs from 'node:fs';
import { createKnex, ensureDatabase, runMigrations, type Knex } from '@app/db';
import { BILL_RUN_PERIOD, buildBillRunSet } from '@app/fixtures/src/scale/bill-run-set';
import type { ManagedChild } from '../launcher/child-process';
import { startWorkersProcess } from '../launcher/workers-process';
import { startBoss } from '../jobs/boss';
import { createQueues } from '../jobs/create-queues';
import { ALL_QUEUES } from '../jobs/queues';
import { startBillRun, type BillRunCaller } from '../modules/billing';
import { renderStatementPdfBuffer } from '../modules/billing/pdf/statement-pdf';
import { loadStatementPdfData } from '../modules/billing/pdf/statement-pdf-data';
import { startTestServer, withDatabase } from '../testing/server-for-tests';

/*
 * `npm run bench -- bill-run`: a full BILL bill run on a dedicated database (bills_bench_billrun, 20,000 BILL
 * houses and 50,000 tenant contracts with reads and tariffs, built by fixtures/src/scale/bill-run-set.ts
 * and reused through a marker row). The run goes through the product's path: startBillRun → `billing.run`
 * fan-out → one `billing.house` job per house, worked by BENCH_BILLRUN_WORKERS real worker processes
 * Then the same period again (it must write nothing), PDFs of 2,000 statements, and the floor: one set-based
 * INSERT … SELECT computing the same statements in SQL, timed three times once the run's writes have settled
 * (checkpoint, vacuum), without JIT; the fastest counts.
 *
 * The workers are BENCH_BILLRUN_WORKERS real workers processes (workers/src/main.ts with WORKER_QUEUES set to
 * the two bill-run queues, heap bounded as `npm start` bounds it), so the figures are the product's own: house
 * jobs fetched in batches back to back (see workers/src/handlers/billing-house.ts), each batch billed set-based.
 * The statement e-mail jobs the run enqueues are not worked here (the PDFs are timed separately below).
 */

/** BENCH_BILLRUN_DATABASE / BENCH_BILLRUN_HOUSES: a smaller set in a database of its own for a quick check of the bench itself. */
const DATABASE = process.env.BENCH_BILLRUN_DATABASE ?? 'bills_bench_billrun';
const HOUSES = Number(process.env.BENCH_BILLRUN_HOUSES ?? 20_000);
const WORKERS = Number(process.env.BENCH_BILLRUN_WORKERS ?? 2);
const PDFS = Number(process.env.BENCH_BILLRUN_PDFS ?? 2_000);
/** BENCH_BILLRUN_WORKER_ARGS: extra node flags for the worker processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile them. */
const WORKER_ARGS = (process.env.BENCH_BILLRUN_WORKER_ARGS ?? '').split(' ').filter(Boolean);
const SEED = 1;
const GROUP_ID = 1;
const { periodStart, periodEnd } = BILL_RUN_PERIOD;
const BILLING_TABLES = ['bills', 'bill_lines', 'ledger_entries'];

async function ensureDataSet(knex: Knex): Promise<void> {
  await runMigrations(knex);
  const marker = `bench-bill-run:houses-${HOUSES}:seed-${SEED}`;
  if (await knex('fixture_loads').where({ name: marker }).first()) {
    console.log(`Reusing the bill-run set in ${DATABASE} (${marker})`);
    return;
  }
  console.log(`Building ${HOUSES} BILL houses in ${DATABASE} …`);
  const started = performance.now();
  await buildBillRunSet(knex, { houses: HOUSES, seed: SEED, groupId: GROUP_ID, log: (line) => console.log(`  ${line}`) });
  console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await knex('fixture_loads').insert({ name: marker });
}

/** Every earlier bench run's statements, runs and jobs go, so each bench run bills the same houses from scratch. */
async function resetBilling(knex: Knex): Promise<void> {
  await knex.raw(`TRUNCATE bill_run_houses, bill_runs, ledger_entries, bill_lines, bills RESTART IDENTITY CASCADE`);
  await knex('house_contracts').where({ group_id: GROUP_ID }).whereNotNull('billing_status').update({ billing_status: null });
  if ((await knex.raw(`SELECT to_regclass('pgboss.job') AS t`)).rows[0].t) await knex.raw(`DELETE FROM pgboss.job WHERE name LIKE 'billing.%'`);
  await knex.raw(`VACUUM (ANALYZE) bills, bill_lines, ledger_entries, bill_run_houses, house_contracts`);
  await quiesce(knex);
}

/**
 * Before a timing: the dirty pages of what came before written out (CHECKPOINT) and no autovacuum still
 * working on it, so the timing pays for its own work only. On a server where the bench's user may not
 * CHECKPOINT, the timing simply starts.
 */
async function quiesce(knex: Knex): Promise<void> {
  await knex.raw('CHECKPOINT').catch(() => undefined);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { rows } = await knex.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker' AND datname = current_database()`);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const rowCount = async (knex: Knex): Promise<number> => {
  let total = 0;
  for (const table of BILLING_TABLES) total += Number((await knex(table).count({ n: '*' }))[0]!.n);
  return total;
};

async function waitForRun(knex: Knex, billRunId: number, timeoutMs = 30 * 60_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await knex('bill_runs').where({ id: billRunId }).first();
    if (run?.finished_at) return run as Record<string, unknown>;
    if (Date.now() > deadline) throw new Error(`bill run ${billRunId} did not finish: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Peak resident set (VmHWM, MB) of a process, 0 when it cannot be read. */
function vmHwmMb(pid: number | undefined): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Workers processes (workers/src/main.ts, as `npm start` runs them) working only the bill-run queues. */
export async function startBillRunWorkers(url: string, count: number, env: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []): Promise<ManagedChild[]> {
  const workerEnv = { ...process.env, DATABASE_URL: url, WORKER_QUEUES: 'billing.run,billing.house', ...env };
  const children = Array.from({ length: count }, (_, index) => startWorkersProcess(`bill-run-worker-${index + 1}`, workerEnv, nodeArgs));
  await Promise.all(children.map((child) => child.ready));
  return children;
}

/*
 * The floor: the same statements computed by one INSERT … SELECT — each register's opening and closing read
 * (latest usable read in the 7 days up to the day, else interpolated between the nearest reads around it),
 * kWh (gas volume converted), × the tariff assigned for the period, rounded per line with 5% VAT, standing
 * charges per utility, summed per house; then the tenant statements split by tenant-days. It writes the rows
 * the product writes for a statement (house and tenant statements, the lines of each — a tenant's share of
 * every house line — and a ledger charge per tenant statement), into plain tables without the product's
 * constraints, indexes, audit and job rows: a floor, not a rival.
 */
const FLOOR_SQL = `
WITH hc AS (
  SELECT hc.id, hc.house_id, greatest(hc.sign_up_date, :start::date) AS b_start, least(hc.end_date, :end::date) AS b_end
  FROM house_contracts hc
  WHERE hc.group_id = :group AND hc.billing_type = 'BILL' AND hc.status IN ('ACTIVE', 'LEAVING') AND hc.sign_up_date <= :end::date AND hc.end_date >= :start::date
), tariff AS (
  SELECT DISTINCT ON (hc.id, s.utility_type) hc.id AS hc_id, s.utility_type, t.unit_rate, t.night_unit_rate, t.standing_charge
  FROM hc JOIN services s ON s.house_contract_id = hc.id AND s.utility_type IN ('electric', 'gas')
  JOIN tariff_assignments ta ON ta.service_id = s.id AND ta.start_date <= hc.b_start AND ta.end_date >= hc.b_end
  JOIN tariffs t ON t.id = ta.tariff_id
  ORDER BY hc.id, s.utility_type, s.id
), reg AS (
  SELECT hc.id AS hc_id, hc.b_start, hc.b_end, m.id AS meter_id, m.utility_type, m.rate_type, r.register
  FROM hc JOIN meters m ON m.house_id = hc.house_id AND m.is_active AND m.utility_type IN ('electric', 'gas') AND m.meter_type NOT IN ('PREPAYMENT', 'SMART_PREPAYMENT')
  CROSS JOIN LATERAL unnest(CASE WHEN m.rate_type = 'DUAL' THEN ARRAY['DAY', 'NIGHT'] ELSE ARRAY['SINGLE'] END) r(register)
), ends AS (
  SELECT reg.*, d.which, d.day,
         coalesce(w.value, round(b.value + (a.value - b.value) * (d.day - b.reading_date) / nullif(a.reading_date - b.reading_date, 0))) AS read
  FROM reg CROSS JOIN LATERAL (VALUES ('open', reg.b_start), ('close', reg.b_end)) d(which, day)
  LEFT JOIN LATERAL (SELECT value FROM meter_readings mr WHERE mr.meter_id = reg.meter_id AND mr.register = reg.register AND mr.status NOT IN ('DECLINED', 'REJECTED', 'ARCHIVED', 'DISPUTE', 'METER_ISSUE')
                     AND mr.reading_date BETWEEN d.day - 6 AND d.day ORDER BY mr.reading_date DESC, mr.id DESC LIMIT 1) w ON true
  LEFT JOIN LATERAL (SELECT value, reading_date FROM meter_readings mr WHERE mr.meter_id = reg.meter_id AND mr.register = reg.register AND mr.status NOT IN ('DECLINED', 'REJECTED', 'ARCHIVED', 'DISPUTE', 'METER_ISSUE')
                     AND mr.reading_date < d.day ORDER BY mr.reading_date DESC, mr.id DESC LIMIT 1) b ON w.value IS NULL
  LEFT JOIN LATERAL (SELECT value, reading_date FROM meter_readings mr WHERE mr.meter_id = reg.meter_id AND mr.register = reg.register AND mr.status NOT IN ('DECLINED', 'REJECTED', 'ARCHIVED', 'DISPUTE', 'METER_ISSUE')
                     AND mr.reading_date > d.day ORDER BY mr.reading_date, mr.id DESC LIMIT 1) a ON w.value IS NULL
), metered AS (
  SELECT o.hc_id, round((c.read - o.read) * CASE WHEN o.utility_type = 'electric' THEN 1 WHEN o.rate_type = 'IMPERIAL' THEN 2.83 * 1.02264 * 39.5 / 3.6 ELSE 1.02264 * 39.5 / 3.6 END
                        * CASE WHEN o.register = 'NIGHT' THEN t.night_unit_rate ELSE t.unit_rate END) AS net
  FROM ends o JOIN ends c ON c.meter_id = o.meter_id AND c.register = o.register AND c.hc_id = o.hc_id AND c.which = 'close'
  JOIN tariff t ON t.hc_id = o.hc_id AND t.utility_type = o.utility_type
  WHERE o.which = 'open'
), lines AS (
  SELECT hc_id, net FROM metered
  UNION ALL
  SELECT t.hc_id, round((hc.b_end - hc.b_start + 1) * t.standing_charge) FROM tariff t JOIN hc ON hc.id = t.hc_id
), house AS (
  SELECT hc_id, sum(net)::int AS net, sum(round(net * 0.05))::int AS vat FROM lines GROUP BY hc_id
), tenant AS (
  SELECT h.hc_id, tc.id AS tc_id, h.net, h.vat, least(tc.end_date, hc.b_end) - greatest(tc.start_date, hc.b_start) + 1 AS days
  FROM house h JOIN hc ON hc.id = h.hc_id JOIN tenant_contracts tc ON tc.house_contract_id = h.hc_id AND tc.status <> 'PENDING' AND tc.start_date <= hc.b_end AND tc.end_date >= hc.b_start
), tenant_share AS (
  SELECT *, sum(days) OVER (PARTITION BY hc_id) AS all_days FROM tenant
), statements AS (
  INSERT INTO bench_floor_statements (house_contract_id, tenant_contract_id, net_pence, vat_pence, total_pence)
  SELECT hc_id, NULL, net, vat, net + vat FROM house
  UNION ALL
  SELECT hc_id, tc_id, round(net * days / all_days::numeric)::int, round(vat * days / all_days::numeric)::int, round((net + vat) * days / all_days::numeric)::int FROM tenant_share
  RETURNING 1
), statement_lines AS (
  INSERT INTO bench_floor_lines (house_contract_id, tenant_contract_id, net_pence, vat_pence, total_pence)
  SELECT hc_id, NULL, net::int, round(net * 0.05)::int, (net + round(net * 0.05))::int FROM lines WHERE net IS NOT NULL
  UNION ALL
  SELECT l.hc_id, t.tc_id, round(l.net * t.days / t.all_days::numeric)::int, round(round(l.net * 0.05) * t.days / t.all_days::numeric)::int,
         (round(l.net * t.days / t.all_days::numeric) + round(round(l.net * 0.05) * t.days / t.all_days::numeric))::int
  FROM lines l JOIN tenant_share t ON t.hc_id = l.hc_id WHERE l.net IS NOT NULL
  RETURNING 1
)
INSERT INTO bench_floor_ledger (tenant_contract_id, amount_pence)
SELECT tc_id, round((net + vat) * days / all_days::numeric)::int FROM tenant_share`;

/** The floor's tables: statements, their lines (house and tenant shares) and a ledger charge per tenant statement. */
const FLOOR_TABLES = {
  bench_floor_statements: 'house_contract_id int NOT NULL, tenant_contract_id int, net_pence int NOT NULL, vat_pence int NOT NULL, total_pence int NOT NULL',
  bench_floor_lines: 'house_contract_id int NOT NULL, tenant_contract_id int, net_pence int NOT NULL, vat_pence int NOT NULL, total_pence int NOT NULL',
  bench_floor_ledger: 'tenant_contract_id int NOT NULL, amount_pence int NOT NULL',
};

/** FLOOR_ATTEMPTS timings of the floor, each on fresh tables after the run's writes have settled, without JIT; the fastest counts. */
const FLOOR_ATTEMPTS = 3;

async function sqlFloor(knex: Knex): Promise<{ seconds: number; attempts: number[]; rows: number; matching: number; houses: number }> {
  const dropAll = async () => {
    for (const table of Object.keys(FLOOR_TABLES)) await knex.raw(`DROP TABLE IF EXISTS ${table}`);
  };
  // The run's own tables vacuumed first: otherwise autovacuum works on them while the floor is timed.
  await knex.raw('VACUUM (ANALYZE) bills, bill_lines, ledger_entries, bill_run_houses');
  const attempts: number[] = [];
  try {
    for (let attempt = 0; attempt < FLOOR_ATTEMPTS; attempt++) {
      await dropAll();
      for (const [table, columns] of Object.entries(FLOOR_TABLES)) await knex.raw(`CREATE TABLE ${table} (${columns})`);
      await quiesce(knex);
      const started = performance.now();
      await knex.transaction(async (trx) => {
        // Without JIT: compiling this one big query took PostgreSQL 15 about 1.5 s of its 3.3 s (measured), a
        // cost of the server's settings, not of the work; the floor is the fastest the database does that work.
        await trx.raw('SET LOCAL jit = off');
        await trx.raw(FLOOR_SQL, { start: periodStart, end: periodEnd, group: GROUP_ID });
      });
      attempts.push((performance.now() - started) / 1000);
    }
    let rows = 0;
    for (const table of Object.keys(FLOOR_TABLES)) rows += Number((await knex(table).count({ n: '*' }))[0]!.n);
    // Untimed: without statistics the check below joins 20,000 statements by nested loops (a minute).
    await knex.raw('ANALYZE bench_floor_statements');
    const [check] = (
      await knex.raw(
        `SELECT count(*)::int AS houses, (count(*) FILTER (WHERE f.total_pence = b.total_pence))::int AS matching
         FROM bench_floor_statements f JOIN bills b ON b.house_contract_id = f.house_contract_id AND b.kind = 'HOUSE_STATEMENT' AND b.tenant_contract_id IS NULL
           AND b.period_start = ? AND b.period_end = ? AND b.state = 'ISSUED'
         WHERE f.tenant_contract_id IS NULL`,
        [periodStart, periodEnd],
      )
    ).rows as Array<{ houses: number; matching: number }>;
    return { seconds: Math.min(...attempts), attempts, rows, matching: check!.matching, houses: check!.houses };
  } finally {
    await dropAll();
  }
}

async function renderPdfs(knex: Knex, count: number): Promise<{ perSecond: number; rendered: number; bytes: number }> {
  const ids: Array<{ id: number }> = await knex('bills').where({ period_start: periodStart, period_end: periodEnd, state: 'ISSUED' }).orderBy('id').limit(count).select('id');
  let bytes = 0;
  const started = performance.now();
  for (const { id } of ids) {
    const loaded = await loadStatementPdfData(knex, Number(id));
    if (!loaded) throw new Error(`No statement ${id}`);
    bytes += (await renderStatementPdfBuffer(loaded.data)).length;
  }
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: ids.length / seconds, rendered: ids.length, bytes };
}

export async function billRunBenchmark(): Promise<void> {
  const { serverUrl, embedded } = await startTestServer();
  const url = withDatabase(serverUrl, DATABASE);
  await ensureDatabase(url);
  const knex = createKnex(url, { poolMax: 4 });
  let workers: ManagedChild[] = [];
  const boss = await (async () => {
    await ensureDataSet(knex);
    await resetBilling(knex);
    const sender = await startBoss(url, 'sender');
    // Every queue exists before the run (its house jobs enqueue statement e-mails on a queue not worked here).
    await createQueues(sender, ALL_QUEUES);
    return sender;
  })();
  try {
    const caller: BillRunCaller = { db: knex, boss, userId: null, groupId: GROUP_ID };
    const houses = Number((await knex('house_contracts').where({ group_id: GROUP_ID, billing_type: 'BILL' }).count({ n: '*' }))[0]!.n);
    const tenants = Number((await knex('tenant_contracts as tc').join('house_contracts as hc', 'hc.id', 'tc.house_contract_id').where({ 'hc.group_id': GROUP_ID, 'hc.billing_type': 'BILL' }).count({ n: '*' }))[0]!.n);
    console.log(`${houses} BILL house contracts, ${tenants} tenant contracts; period ${periodStart} to ${periodEnd}; ${WORKERS} worker process(es)`);
    workers = await startBillRunWorkers(url, WORKERS, {}, WORKER_ARGS);

    console.log(`workers ready; starting the bill run`);
    const started = performance.now();
    const run = await startBillRun(caller, BILL_RUN_PERIOD);
    const done = await waitForRun(knex, run.id);
    const seconds = (performance.now() - started) / 1000;
    const statements = Number((await knex('bills').where({ kind: 'HOUSE_STATEMENT', period_start: periodStart, period_end: periodEnd, state: 'ISSUED' }).count({ n: '*' }))[0]!.n);
    const tenantStatements = Number((await knex('bills').where({ kind: 'TENANT_STATEMENT', period_start: periodStart, period_end: periodEnd, state: 'ISSUED' }).count({ n: '*' }))[0]!.n);
    const rowsAfterRun = await rowCount(knex);
    console.log(
      `bill run ${run.id}: ${String(done.status)}, ${String(done.houses_done)} done, ${String(done.houses_failed)} failed of ${String(done.houses_total)}; ` +
        `${statements} house + ${tenantStatements} tenant statements, ${rowsAfterRun} rows in ${BILLING_TABLES.join('/')}`,
    );
    const failures: Array<{ error: string; n: number }> = (await knex.raw(`SELECT error, count(*)::int AS n FROM bill_run_houses WHERE bill_run_id = ? AND status = 'FAILED' GROUP BY error ORDER BY n DESC LIMIT 5`, [run.id])).rows;
    for (const failure of failures) console.log(`  failed: ${failure.n} × ${failure.error}`);

    const rerunStarted = performance.now();
    const rerun = await startBillRun(caller, BILL_RUN_PERIOD);
    const rerunDone = await waitForRun(knex, rerun.id);
    const rerunSeconds = (performance.now() - rerunStarted) / 1000;
    const rerunNewRows = (await rowCount(knex)) - rowsAfterRun;
    console.log(`re-run ${rerun.id}: ${String(rerunDone.status)}, ${String(rerunDone.houses_already_billed)} already billed, ${rerunNewRows} new rows`);

    const peakRssMb = Math.max(...workers.map((worker) => vmHwmMb(worker.process.pid)));
    await Promise.all(workers.map((worker) => worker.stop(10_000)));
    workers = [];

    const pdfs = await renderPdfs(knex, PDFS);
    const floor = await sqlFloor(knex);
    const contracts = statements;
    const ratio = seconds / floor.seconds;
    console.log(`BILL run              ${contracts} contracts  ${seconds.toFixed(2)} s  ${(contracts / seconds).toFixed(0)} contracts/s  (${WORKERS} worker processes, peak RSS ${peakRssMb.toFixed(0)} MB each at most)`);
    console.log(
      `SQL floor (INSERT…SELECT) ${floor.rows} statement, line and ledger rows  ${floor.seconds.toFixed(2)} s  ${(floor.houses / floor.seconds).toFixed(0)} contracts/s  ` +
        `(fastest of ${floor.attempts.map((attempt) => attempt.toFixed(2)).join(' / ')} s; ${floor.matching} of ${floor.houses} house totals equal the service's)`,
    );
    console.log(`ratio to SQL floor    ${ratio.toFixed(1)} ×`);
    console.log(`re-run                ${rerunSeconds.toFixed(2)} s  ${rerunNewRows} new rows`);
    console.log(`PDFs                  ${pdfs.rendered} statements  ${pdfs.perSecond.toFixed(1)} PDFs/s  ${(pdfs.bytes / 1e6).toFixed(1)} MB`);
    console.log(
      JSON.stringify({
        bench: 'bill-run',
        contracts,
        seconds: Number(seconds.toFixed(2)),
        ratio_to_sql: Number(ratio.toFixed(2)),
        rerun_seconds: Number(rerunSeconds.toFixed(2)),
        rerun_new_rows: rerunNewRows,
        pdf_per_s: Number(pdfs.perSecond.toFixed(1)),
        peak_rss_mb: Math.round(peakRssMb),
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.stop(5_000)));
    await boss.stop({ graceful: false, close: true });
    await knex.destroy();
    await embedded?.stop();
  }
}
