import fs from 'node:fs';
import { createKnex, ensureDatabase, runMigrations, type Knex } from '@app/db';
import { BILL_RUN_PERIOD, buildBillRunSet } from '@app/fixtures/src/scale/bill-run-set';
import type { ManagedChild } from '../launcher/child-process';
import { startWorkersProcess } from '../launcher/workers-process';
import { startBoss } from '../jobs/boss';
import { createQueues } from '../jobs/create-queues';
import { ALL_QUEUES } from '../jobs/queues';
import { startBillRun, STATEMENT_DUE_DAYS, type BillRunCaller } from '../modules/billing';
import { addDays, formatDisplayDate } from '../rules';
import { renderStatementPdfBuffer } from '../modules/billing/pdf/statement-pdf';
import { loadStatementPdfData } from '../modules/billing/pdf/statement-pdf-data';
import { startTestServer, withDatabase } from '../testing/server-for-tests';

/*
 * `npm run bench -- bill-run`: a full BILL bill run on a dedicated database (bills_bench_billrun, 20,000 BILL
 * houses and 50,000 tenant contracts with reads and tariffs, built by fixtures/src/scale/bill-run-set.ts
 * and reused through a marker row). The run goes through the product's path: startBillRun → `billing.run`
 * fan-out → one `billing.house` job per house, worked by BENCH_BILLRUN_WORKERS real worker processes
 * Then the same period again (it must write nothing), PDFs of 2,000 statements, and two floors, each one
 * set-based statement computing the same statements in SQL, timed three times once the writes before it have
 * settled (checkpoint, vacuum), without JIT, the fastest counting: into plain tables without keys or indexes,
 * and into the product's own tables with every key and index (the ratio the goal is set on, 2× at most).
 * `contracts` counts the tenant contracts billed (one tenant statement each).
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
 * The floors: the same statements computed set-based in SQL — each register's opening and closing read
 * (latest usable read in the 7 days up to the day, else interpolated between the nearest reads around it),
 * kWh (gas volume converted), × the tariff assigned for the period, rounded per line with 5% VAT, standing
 * charges per utility, summed per house; then the tenant statements split by tenant-days. Both write the rows
 * the product writes for a statement (house and tenant statements, the lines of each — a tenant's share of
 * every house line — and a ledger charge per tenant statement), one INSERT per table, without the product's
 * audit, billing status and job rows:
 * - the plain-table floor writes them into tables without keys or indexes (what the work costs with no schema);
 * - the same-schema floor writes them, every column the product fills, into `bills`, `bill_lines` and
 *   `ledger_entries` themselves, emptied as the run found them, with every key, check, index and trigger the
 *   schema has (an issued statement is stored exactly as issued): what the pipeline is measured against.
 */
const FLOOR_CTES = `
WITH hc AS (
  SELECT hc.id, hc.house_id, greatest(hc.sign_up_date, :start::date) AS b_start, least(hc.end_date, :end::date) AS b_end
  FROM house_contracts hc
  WHERE hc.group_id = :group AND hc.billing_type = 'BILL' AND hc.status IN ('ACTIVE', 'LEAVING') AND hc.sign_up_date <= :end::date AND hc.end_date >= :start::date
), tariff AS (
  SELECT DISTINCT ON (hc.id, s.utility_type) hc.id AS hc_id, s.utility_type, s.id AS service_id, t.unit_rate, t.night_unit_rate, t.standing_charge
  FROM hc JOIN services s ON s.house_contract_id = hc.id AND s.utility_type IN ('electric', 'gas')
  JOIN tariff_assignments ta ON ta.service_id = s.id AND ta.start_date <= hc.b_start AND ta.end_date >= hc.b_end
  JOIN tariffs t ON t.id = ta.tariff_id
  ORDER BY hc.id, s.utility_type, s.id
), reg AS (
  SELECT hc.id AS hc_id, hc.b_start, hc.b_end, m.id AS meter_id, m.serial_number, m.utility_type, m.rate_type, r.register
  FROM hc JOIN meters m ON m.house_id = hc.house_id AND m.is_active AND m.utility_type IN ('electric', 'gas') AND m.meter_type NOT IN ('PREPAYMENT', 'SMART_PREPAYMENT')
  CROSS JOIN LATERAL unnest(CASE WHEN m.rate_type = 'DUAL' THEN ARRAY['DAY', 'NIGHT'] ELSE ARRAY['SINGLE'] END) r(register)
), ends AS (
  SELECT reg.*, d.which, d.day, w.value IS NULL AS estimated,
         coalesce(w.value, round(b.value + (a.value - b.value) * (d.day - b.reading_date) / nullif(a.reading_date - b.reading_date, 0))) AS read
  FROM reg CROSS JOIN LATERAL (VALUES ('open', reg.b_start), ('close', reg.b_end)) d(which, day)
  LEFT JOIN LATERAL (SELECT value FROM meter_readings mr WHERE mr.meter_id = reg.meter_id AND mr.register = reg.register AND mr.status NOT IN ('DECLINED', 'REJECTED', 'ARCHIVED', 'DISPUTE', 'METER_ISSUE')
                     AND mr.reading_date BETWEEN d.day - 6 AND d.day ORDER BY mr.reading_date DESC, mr.id DESC LIMIT 1) w ON true
  LEFT JOIN LATERAL (SELECT value, reading_date FROM meter_readings mr WHERE mr.meter_id = reg.meter_id AND mr.register = reg.register AND mr.status NOT IN ('DECLINED', 'REJECTED', 'ARCHIVED', 'DISPUTE', 'METER_ISSUE')
                     AND mr.reading_date < d.day ORDER BY mr.reading_date DESC, mr.id DESC LIMIT 1) b ON w.value IS NULL
  LEFT JOIN LATERAL (SELECT value, reading_date FROM meter_readings mr WHERE mr.meter_id = reg.meter_id AND mr.register = reg.register AND mr.status NOT IN ('DECLINED', 'REJECTED', 'ARCHIVED', 'DISPUTE', 'METER_ISSUE')
                     AND mr.reading_date > d.day ORDER BY mr.reading_date, mr.id DESC LIMIT 1) a ON w.value IS NULL
), metered AS (
  SELECT o.hc_id, t.service_id, o.utility_type, o.register, o.serial_number, o.read AS opening_read, c.read AS closing_read, o.estimated OR c.estimated AS estimated,
         (c.read - o.read) * CASE WHEN o.utility_type = 'electric' THEN 1 WHEN o.rate_type = 'IMPERIAL' THEN 2.83 * 1.02264 * 39.5 / 3.6 ELSE 1.02264 * 39.5 / 3.6 END AS kwh,
         CASE WHEN o.register = 'NIGHT' THEN t.night_unit_rate ELSE t.unit_rate END AS unit_rate
  FROM ends o JOIN ends c ON c.meter_id = o.meter_id AND c.register = o.register AND c.hc_id = o.hc_id AND c.which = 'close'
  JOIN tariff t ON t.hc_id = o.hc_id AND t.utility_type = o.utility_type
  WHERE o.which = 'open'
), lines AS (
  SELECT hc_id, service_id, utility_type,
         CASE utility_type WHEN 'electric' THEN 'Electricity' ELSE 'Gas' END || ' ' || serial_number
           || CASE WHEN register = 'SINGLE' THEN '' ELSE ' (' || lower(register) || ')' END || CASE WHEN estimated THEN ', estimated read' ELSE '' END AS description,
         register, opening_read, closing_read, estimated, round(kwh, 3) AS quantity, unit_rate, NULL::int AS days, NULL::numeric AS standing_charge, round(kwh * unit_rate) AS net
  FROM metered
  UNION ALL
  SELECT t.hc_id, t.service_id, t.utility_type,
         CASE t.utility_type WHEN 'electric' THEN 'Electricity' ELSE 'Gas' END || ' standing charge, ' || (hc.b_end - hc.b_start + 1) || ' days',
         NULL, NULL, NULL, false, NULL, NULL, hc.b_end - hc.b_start + 1, t.standing_charge, round((hc.b_end - hc.b_start + 1) * t.standing_charge)
  FROM tariff t JOIN hc ON hc.id = t.hc_id
), house AS (
  SELECT hc_id, sum(net)::int AS net, sum(round(net * 0.05))::int AS vat FROM lines GROUP BY hc_id
), tenant AS (
  SELECT h.hc_id, tc.id AS tc_id, h.net, h.vat, least(tc.end_date, hc.b_end) - greatest(tc.start_date, hc.b_start) + 1 AS days
  FROM house h JOIN hc ON hc.id = h.hc_id JOIN tenant_contracts tc ON tc.house_contract_id = h.hc_id AND tc.status <> 'PENDING' AND tc.start_date <= hc.b_end AND tc.end_date >= hc.b_start
), tenant_share AS (
  SELECT *, sum(days) OVER (PARTITION BY hc_id) AS all_days FROM tenant
)`;

/** The plain-table floor's writes: a statement, line and ledger row per product row, into FLOOR_TABLES. */
const PLAIN_FLOOR_SQL = `${FLOOR_CTES}, statements AS (
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

/**
 * The same-schema floor's writes: ids taken from the bills sequence first (tenant statements, lines and ledger
 * entries point at them, as the product's COPY rows do), then one INSERT per table, every foreign key, check and
 * unique index checked as for the product's rows. A tenant statement's total is its net plus its VAT (the
 * schema's check), and its ledger charge that total.
 */
const SCHEMA_FLOOR_SQL = `${FLOOR_CTES}, house_bill AS (
  SELECT h.*, nextval('bills_id_seq'::regclass) AS bill_id FROM house h
), tenant_bill AS (
  SELECT t.hc_id, t.tc_id, t.days, t.all_days, round(t.net * t.days / t.all_days::numeric)::int AS net, round(t.vat * t.days / t.all_days::numeric)::int AS vat,
         hb.bill_id AS parent_bill_id, nextval('bills_id_seq'::regclass) AS bill_id
  FROM tenant_share t JOIN house_bill hb ON hb.hc_id = t.hc_id
), statements AS (
  INSERT INTO bills (id, group_id, kind, house_contract_id, tenant_contract_id, parent_bill_id, period_start, period_end, issue_date, due_date, net_pence, vat_pence, total_pence)
  SELECT bill_id, :group::int, 'HOUSE_STATEMENT', hc_id, NULL, NULL, :start::date, :end::date, :issue::date, :due::date, net, vat, net + vat FROM house_bill
  UNION ALL
  SELECT bill_id, :group::int, 'TENANT_STATEMENT', hc_id, tc_id, parent_bill_id, :start::date, :end::date, :issue::date, :due::date, net, vat, net + vat FROM tenant_bill
), statement_lines AS (
  INSERT INTO bill_lines (group_id, bill_id, service_id, utility_type, description, register, opening_read, closing_read, estimated, quantity, unit_rate, days, standing_charge, net_pence, vat_rate_bp, vat_pence, total_pence)
  SELECT :group::int, hb.bill_id, l.service_id, l.utility_type, l.description, l.register, l.opening_read, l.closing_read, l.estimated, l.quantity, l.unit_rate, l.days, l.standing_charge,
         l.net::int, 500, round(l.net * 0.05)::int, (l.net + round(l.net * 0.05))::int
  FROM lines l JOIN house_bill hb ON hb.hc_id = l.hc_id WHERE l.net IS NOT NULL
  UNION ALL
  SELECT :group::int, t.bill_id, l.service_id, l.utility_type, l.description || ' (' || t.days || ' of ' || t.all_days || ' tenant-days)', l.register, l.opening_read, l.closing_read, l.estimated, NULL, l.unit_rate, l.days, l.standing_charge,
         round(l.net * t.days / t.all_days::numeric)::int, 500, round(round(l.net * 0.05) * t.days / t.all_days::numeric)::int,
         (round(l.net * t.days / t.all_days::numeric) + round(round(l.net * 0.05) * t.days / t.all_days::numeric))::int
  FROM lines l JOIN tenant_bill t ON t.hc_id = l.hc_id WHERE l.net IS NOT NULL
)
INSERT INTO ledger_entries (group_id, tenant_contract_id, entry_date, kind, amount_pence, description, bill_id)
SELECT :group::int, tc_id, :issue::date, 'STATEMENT', net + vat, :description, bill_id FROM tenant_bill`;

/** The floor's tables: statements, their lines (house and tenant shares) and a ledger charge per tenant statement. */
const FLOOR_TABLES = {
  bench_floor_statements: 'house_contract_id int NOT NULL, tenant_contract_id int, net_pence int NOT NULL, vat_pence int NOT NULL, total_pence int NOT NULL',
  bench_floor_lines: 'house_contract_id int NOT NULL, tenant_contract_id int, net_pence int NOT NULL, vat_pence int NOT NULL, total_pence int NOT NULL',
  bench_floor_ledger: 'tenant_contract_id int NOT NULL, amount_pence int NOT NULL',
};

/** FLOOR_ATTEMPTS timings of each floor, each on fresh tables after the writes before it have settled, without JIT; the fastest counts. */
const FLOOR_ATTEMPTS = 3;

interface FloorResult {
  seconds: number;
  attempts: number[];
  rows: number;
  matching: number;
  houses: number;
}

/** One timed floor: the statement in a transaction without JIT. */
async function timedFloor(knex: Knex, sql: string, bindings: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  await knex.transaction(async (trx) => {
    // Without JIT: compiling this one big query took PostgreSQL 15 about 1.5 s of its 3.3 s (measured), a
    // cost of the server's settings, not of the work; the floor is the fastest the database does that work.
    await trx.raw('SET LOCAL jit = off');
    await trx.raw(sql, bindings as never);
  });
  return (performance.now() - started) / 1000;
}

/** The plain-table floor, timed while the run's statements stand (its house totals are checked against them). */
async function plainTableFloor(knex: Knex): Promise<FloorResult> {
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
      attempts.push(await timedFloor(knex, PLAIN_FLOOR_SQL, { start: periodStart, end: periodEnd, group: GROUP_ID }));
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

/**
 * The same-schema floor: the run's house totals kept aside (to check the floor's against), then per attempt the
 * billing tables emptied as resetBilling empties them before the run (TRUNCATE, VACUUM (ANALYZE), CHECKPOINT, no
 * autovacuum at work) and the floor's INSERTs timed. The floor's statements stay in the tables afterwards; the
 * next bench run resets them.
 */
async function sameSchemaFloor(knex: Knex, issueDate: string): Promise<FloorResult> {
  await knex.raw('DROP TABLE IF EXISTS bench_floor_run_totals');
  await knex.raw(
    `CREATE TABLE bench_floor_run_totals AS SELECT house_contract_id, total_pence FROM bills
     WHERE kind = 'HOUSE_STATEMENT' AND tenant_contract_id IS NULL AND period_start = ? AND period_end = ? AND state = 'ISSUED'`,
    [periodStart, periodEnd],
  );
  const bindings = {
    start: periodStart,
    end: periodEnd,
    group: GROUP_ID,
    issue: issueDate,
    due: addDays(issueDate, STATEMENT_DUE_DAYS),
    description: `Statement ${formatDisplayDate(periodStart)} to ${formatDisplayDate(periodEnd)}`,
  };
  const attempts: number[] = [];
  try {
    for (let attempt = 0; attempt < FLOOR_ATTEMPTS; attempt++) {
      await knex.raw(`TRUNCATE bill_run_houses, bill_runs, ledger_entries, bill_lines, bills RESTART IDENTITY CASCADE`);
      await knex.raw('VACUUM (ANALYZE) bills, bill_lines, ledger_entries');
      await quiesce(knex);
      attempts.push(await timedFloor(knex, SCHEMA_FLOOR_SQL, bindings));
    }
    const rows = await rowCount(knex);
    await knex.raw('ANALYZE bills, bench_floor_run_totals');
    const [check] = (
      await knex.raw(
        `SELECT count(*)::int AS houses, (count(*) FILTER (WHERE r.total_pence = b.total_pence))::int AS matching
         FROM bills b JOIN bench_floor_run_totals r ON r.house_contract_id = b.house_contract_id
         WHERE b.kind = 'HOUSE_STATEMENT' AND b.tenant_contract_id IS NULL AND b.period_start = ? AND b.period_end = ?`,
        [periodStart, periodEnd],
      )
    ).rows as Array<{ houses: number; matching: number }>;
    return { seconds: Math.min(...attempts), attempts, rows, matching: check!.matching, houses: check!.houses };
  } finally {
    await knex.raw('DROP TABLE IF EXISTS bench_floor_run_totals');
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
    const floor = await plainTableFloor(knex);
    const schemaFloor = await sameSchemaFloor(knex, String(done.issue_date));
    // Tenant contracts billed: one tenant statement each (house contracts billed are printed beside them).
    const contracts = tenantStatements;
    const ratio = seconds / floor.seconds;
    const schemaRatio = seconds / schemaFloor.seconds;
    console.log(
      `BILL run              ${contracts} tenant contracts (${statements} houses)  ${seconds.toFixed(2)} s  ${(contracts / seconds).toFixed(0)} contracts/s  (${WORKERS} worker processes, peak RSS ${peakRssMb.toFixed(0)} MB each at most)`,
    );
    const floorLine = (label: string, result: FloorResult) =>
      `${label} ${result.rows} statement, line and ledger rows  ${result.seconds.toFixed(2)} s  ${(contracts / result.seconds).toFixed(0)} contracts/s  ` +
      `(fastest of ${result.attempts.map((attempt) => attempt.toFixed(2)).join(' / ')} s; ${result.matching} of ${result.houses} house totals equal the service's)`;
    console.log(floorLine('SQL floor, plain tables      ', floor));
    console.log(floorLine('SQL floor, same schema       ', schemaFloor));
    console.log(`ratio to plain-table floor   ${ratio.toFixed(1)} ×`);
    console.log(`ratio to same-schema floor   ${schemaRatio.toFixed(1)} ×`);
    console.log(`re-run                ${rerunSeconds.toFixed(2)} s  ${rerunNewRows} new rows`);
    console.log(`PDFs                  ${pdfs.rendered} statements  ${pdfs.perSecond.toFixed(1)} PDFs/s  ${(pdfs.bytes / 1e6).toFixed(1)} MB`);
    console.log(
      JSON.stringify({
        bench: 'bill-run',
        contracts,
        house_contracts: statements,
        seconds: Number(seconds.toFixed(2)),
        ratio_to_sql: Number(ratio.toFixed(2)),
        ratio_to_schema_floor: Number(schemaRatio.toFixed(2)),
        sql_floor_seconds: Number(floor.seconds.toFixed(2)),
        schema_floor_seconds: Number(schemaFloor.seconds.toFixed(2)),
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
