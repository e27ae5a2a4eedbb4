import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex, ensureDatabase, runMigrations, type Knex } from '@app/db';
import { buildBillRunSet } from '@app/fixtures/src/scale/bill-run-set';
import type { ManagedChild } from '../launcher/child-process';
import { startWorkersProcess } from '../launcher/workers-process';
import { startBoss, type PgBoss } from '../jobs/boss';
import { createQueues } from '../jobs/create-queues';
import { ALL_QUEUES } from '../jobs/queues';
import { startCardProvider2Sandbox } from '../sandboxes/card-provider-2/card-provider-2-sandbox';
import { startTestServer, withDatabase } from '../testing/server-for-tests';
import { runWorkerJob, vmHwmMb } from './worker-job';

/*
 * `npm run bench -- collections`: tenant contracts (BENCH_COLLECTIONS_HOUSES houses of the bill-run set, 2–3
 * tenants each: 20,000 houses ≈ 50,000 contracts) each with a schedule due on Wednesday 3 March 2027, half paying
 * by card (charged that day through the second card provider's sandbox, over HTTP), half by Direct Debit (collected Friday 5th, so in
 * the day's Bacs file). One real workers process (workers/src/main.ts, WORKER_QUEUES=payments.collections)
 * runs the day's job; then the ARUDD day (Tuesday 9th) with the sandbox bureau returning 5% of the debits;
 * then the 3rd again, which must create nothing. Peak RSS is the worker's VmHWM.
 */
const DATABASE = process.env.BENCH_COLLECTIONS_DATABASE ?? 'bills_bench_collections';
const HOUSES = Number(process.env.BENCH_COLLECTIONS_HOUSES ?? 20_000);
const TODAY = '2027-03-03';
const ARUDD_DAY = '2027-03-09';

async function buildSet(knex: Knex): Promise<void> {
  await runMigrations(knex);
  const marker = `bench-collections:houses-${HOUSES}`;
  if (!(await knex('fixture_loads').where({ name: marker }).first())) {
    console.log(`Building ${HOUSES} houses in ${DATABASE} …`);
    await buildBillRunSet(knex, { houses: HOUSES, seed: 7, groupId: 1, log: (line) => console.log(`  ${line}`) });
    await knex('fixture_loads').insert({ name: marker });
  }
  // Every run starts from no collections: schedules, mandates, cards and notices made afresh.
  await knex.raw(`TRUNCATE collections, bacs_submissions, bacs_reports, advance_notices RESTART IDENTITY`);
  // The bench's own ledger rows from its last run go: financial records refuse deletion (a trigger), so this
  // bench-only reset runs with triggers off, in a database that is the bench's alone.
  await knex.transaction(async (trx) => {
    await trx.raw(`SET LOCAL session_replication_role = replica`);
    await trx.raw(`DELETE FROM ledger_entries WHERE kind IN ('PAYMENT', 'PAYMENT_FAILED') AND payment_id IN (SELECT id FROM payments WHERE reference LIKE 'SCHEDULE-%')`);
    await trx.raw(`DELETE FROM payments WHERE reference LIKE 'SCHEDULE-%'`);
  });
  await knex.raw(`DELETE FROM payment_schedules WHERE group_id = 1`);
  await knex.raw(`DELETE FROM payment_methods WHERE group_id = 1`);
  await knex.raw(`DELETE FROM direct_debit_mandates WHERE group_id = 1`);
  await knex.raw(`UPDATE tenant_contracts SET payment_method = CASE WHEN id % 2 = 0 THEN 'DIRECT_DEBIT' ELSE 'CREDIT_CARD' END WHERE group_id = 1`);
  await knex.raw(`INSERT INTO direct_debit_mandates (group_id, tenant_contract_id, reference, account_name, sort_code, account_number, account_number_ending, status, direct_debit_status, service_user_number)
    SELECT 1, id, 'BENCH' || id, 'BENCH PAYER ' || id, '089999', '66374958', '4958', 'ACTIVE', 'ARRANGED', '188760' FROM tenant_contracts WHERE group_id = 1 AND id % 2 = 0`);
  // Saved with the second provider's permanent test token: each charge really goes to its sandbox over HTTP.
  await knex.raw(`INSERT INTO payment_methods (group_id, tenant_contract_id, kind, card_provider, card_last4, card_expiry_month, card_expiry_year, provider_method_ref, is_active)
    SELECT 1, id, 'CARD', 'WORLDPAY', '4242', 12, 2030, 'cp2tok_test_visa', true FROM tenant_contracts WHERE group_id = 1 AND id % 2 = 1`);
  await knex.raw(`INSERT INTO payment_schedules (group_id, tenant_contract_id, kind, schedule_type, start_date, amount_pence, payment_day, status)
    SELECT 1, id, 'REGULAR_PAYMENT', 'MONTHLY', DATE '2027-01-01', 4000 + (id % 50) * 100, CASE WHEN id % 2 = 0 THEN 5 ELSE 3 END, 'ACTIVE' FROM tenant_contracts WHERE group_id = 1`);
  // The Direct Debit payers were given notice of these amounts earlier.
  await knex.raw(`INSERT INTO advance_notices (group_id, schedule_id, amount_pence, first_collection_date)
    SELECT 1, s.id, s.amount_pence, DATE '2027-02-05' FROM payment_schedules s WHERE s.group_id = 1 AND s.payment_day = 5`);
  await knex.raw(`VACUUM (ANALYZE) payment_schedules, direct_debit_mandates, payment_methods, tenant_contracts, payments, collections`);
}

/** One day's collections job, timed by the worker's own work. */
const runDay = (boss: PgBoss, today: string) => runWorkerJob(boss, 'payments.collections', { today }, today);

export async function collectionsBenchmark(): Promise<void> {
  const { serverUrl, embedded } = await startTestServer();
  const url = withDatabase(serverUrl, DATABASE);
  await ensureDatabase(url);
  const knex = createKnex(url, { poolMax: 4 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-collections-'));
  let worker: ManagedChild | null = null;
  let cardSandbox: Awaited<ReturnType<typeof startCardProvider2Sandbox>> | null = null;
  try {
    await buildSet(knex);
    const contracts = Number((await knex('payment_schedules').where({ group_id: 1 }).count({ n: '*' }))[0]!.n);
    const boss = await startBoss(url, 'sender');
    await createQueues(boss, ALL_QUEUES);
    // The card sandbox runs in this process, as `npm start` runs it in the launcher: the worker pays only for
    // its own side of each HTTP call, as it would with the real provider.
    cardSandbox = await startCardProvider2Sandbox({ callback: null });
    worker = startWorkersProcess('collections-worker', {
      ...process.env,
      DATABASE_URL: url,
      WORKER_QUEUES: 'payments.collections',
      DATA_DIR: dataDir,
      BACS_SANDBOX_FAILURE_RATE: '0.05',
      CARD_PROVIDER_2_SANDBOX_URL: cardSandbox.url,
      CARD_PROVIDER_2_CALLBACK_SECRET: 'cp2sec_bench',
    });
    await worker.ready;
    console.log(`${contracts} tenant contracts with a schedule due; one worker process`);

    const day = await runDay(boss, TODAY);
    const file = await knex('bacs_submissions').where({ kind: 'COLLECTIONS' }).first('item_count', 'total_pence', knex.raw('length(file) AS bytes'));
    console.log(`collections day       ${day.seconds.toFixed(2)} s  ${JSON.stringify(day.output)}  (${(day.output.created! / day.seconds).toFixed(0)} collections/s)`);
    console.log(`Bacs file             ${file?.item_count} debits, £${(Number(file?.total_pence ?? 0) / 100).toFixed(2)}, ${file?.bytes} bytes`);
    const report = await runDay(boss, ARUDD_DAY);
    console.log(`ARUDD day (5% back)   ${report.seconds.toFixed(2)} s  ${JSON.stringify(report.output)}`);
    const before = Number((await knex('collections').count({ n: '*' }))[0]!.n);
    const rerun = await runDay(boss, TODAY);
    const rerunNewRows = Number((await knex('collections').count({ n: '*' }))[0]!.n) - before;
    console.log(`re-run                ${rerun.seconds.toFixed(2)} s  ${rerunNewRows} new rows`);
    const peakRssMb = vmHwmMb(worker.process.pid);
    await boss.stop({ graceful: false, close: true });
    console.log(
      JSON.stringify({ bench: 'collections', collections: day.output.created, seconds: Number(day.seconds.toFixed(2)), rerun_seconds: Number(rerun.seconds.toFixed(2)), rerun_new_rows: rerunNewRows, peak_rss_mb: Math.round(peakRssMb) }),
    );
  } finally {
    await worker?.stop(5_000);
    await cardSandbox?.stop();
    await knex.destroy();
    await embedded?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
