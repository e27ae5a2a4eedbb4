import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex, ensureDatabase, runMigrations, type Knex } from '@app/db';
import { buildBillRunSet } from '@app/fixtures/src/scale/bill-run-set';
import type { ManagedChild } from '../launcher/child-process';
import { startWorkersProcess } from '../launcher/workers-process';
import { startBoss } from '../jobs/boss';
import { createQueues } from '../jobs/create-queues';
import { ALL_QUEUES } from '../jobs/queues';
import { startTestServer, withDatabase } from '../testing/server-for-tests';
import { runWorkerJob, vmHwmMb } from './worker-job';

/*
 * `npm run bench -- credit-control`: the tenant contracts of the bill-run set (BENCH_CREDIT_CONTROL_HOUSES
 * houses, 2–3 tenants each: 20,000 houses ≈ 50,000 contracts), each with an instalment; 90% paid it, 10% owe it,
 * overdue from 1 to 50 days. One real workers process (WORKER_QUEUES=credit-control.ladder) runs the day's
 * ladder, then the same day again, which must queue nothing. Peak RSS is the worker's VmHWM.
 */
const DATABASE = process.env.BENCH_CREDIT_CONTROL_DATABASE ?? 'bills_bench_credit_control';
const HOUSES = Number(process.env.BENCH_CREDIT_CONTROL_HOUSES ?? 20_000);
const TODAY = '2027-03-03';
const BENCH = 'BENCH-CC';

async function buildSet(knex: Knex): Promise<void> {
  await runMigrations(knex);
  const marker = `bench-credit-control:houses-${HOUSES}`;
  if (!(await knex('fixture_loads').where({ name: marker }).first())) {
    console.log(`Building ${HOUSES} houses in ${DATABASE} …`);
    await buildBillRunSet(knex, { houses: HOUSES, seed: 11, groupId: 1, log: (line) => console.log(`  ${line}`) });
    await knex('fixture_loads').insert({ name: marker });
  }
  // Every run starts from no cases and no messages. Ledger rows and payments refuse deletion (financial
  // records, a trigger), so this bench-only reset of its own rows runs with triggers off, in its own database.
  await knex.raw('TRUNCATE credit_control_messages, credit_control_records, outbox_messages CASCADE');
  if ((await knex.raw(`SELECT to_regclass('pgboss.job') AS t`)).rows[0].t) await knex.raw(`DELETE FROM pgboss.job WHERE name = 'outbox.deliver'`);
  await knex.transaction(async (trx) => {
    await trx.raw('SET LOCAL session_replication_role = replica');
    await trx.raw(`DELETE FROM ledger_entries WHERE description = ?`, [BENCH]);
    await trx.raw(`DELETE FROM payments WHERE reference = ?`, [BENCH]);
  });
  await knex.raw(`UPDATE users u SET phone = '+447700900' || lpad((u.id % 1000)::text, 3, '0') FROM tenant_contracts c WHERE c.user_id = u.id AND c.group_id = 1 AND u.phone IS NULL`);
  // One instalment each; a debtor's (every tenth contract) is 1 to 50 days overdue, everyone else's was paid.
  await knex.raw(
    `INSERT INTO ledger_entries (group_id, tenant_contract_id, entry_date, kind, amount_pence, description)
     SELECT 1, id, CASE WHEN id % 10 = 0 THEN DATE '${TODAY}' - (1 + (id / 10) % 50) ELSE DATE '${TODAY}' - 30 END, 'INSTALMENT', 4000 + (id % 50) * 100, ?
       FROM tenant_contracts WHERE group_id = 1`,
    [BENCH],
  );
  await knex.raw(
    `INSERT INTO payments (group_id, tenant_contract_id, amount_pence, payment_date, method, status, reference)
     SELECT 1, id, 4000 + (id % 50) * 100, DATE '${TODAY}' - 30, 'CREDIT_CARD', 'PAID', ? FROM tenant_contracts WHERE group_id = 1 AND id % 10 <> 0`,
    [BENCH],
  );
  await knex.raw(
    `INSERT INTO ledger_entries (group_id, tenant_contract_id, entry_date, kind, amount_pence, description, payment_id)
     SELECT 1, tenant_contract_id, payment_date, 'PAYMENT', -amount_pence, ?, id FROM payments WHERE reference = ?`,
    [BENCH, BENCH],
  );
  await knex.raw('VACUUM (ANALYZE) ledger_entries, payments, credit_control_records, users, tenant_contracts');
}

export async function creditControlBenchmark(): Promise<void> {
  const { serverUrl, embedded } = await startTestServer();
  const url = withDatabase(serverUrl, DATABASE);
  await ensureDatabase(url);
  const knex = createKnex(url, { poolMax: 4 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-credit-control-'));
  let worker: ManagedChild | null = null;
  try {
    await buildSet(knex);
    const contracts = Number((await knex('tenant_contracts').where({ group_id: 1 }).count({ n: '*' }))[0]!.n);
    const boss = await startBoss(url, 'sender');
    await createQueues(boss, ALL_QUEUES);
    worker = startWorkersProcess('credit-control-worker', { ...process.env, DATABASE_URL: url, WORKER_QUEUES: 'credit-control.ladder', DATA_DIR: dataDir });
    await worker.ready;
    console.log(`${contracts} tenant contracts, ${contracts / 10} in debt; one worker process`);

    const day = await runWorkerJob(boss, 'credit-control.ladder', { today: TODAY }, TODAY);
    console.log(`ladder day     ${day.seconds.toFixed(2)} s  ${JSON.stringify(day.output)}  (${(contracts / day.seconds).toFixed(0)} contracts/s)`);
    const rerun = await runWorkerJob(boss, 'credit-control.ladder', { today: TODAY }, `${TODAY} again`);
    console.log(`same day again ${rerun.seconds.toFixed(2)} s  ${JSON.stringify(rerun.output)}`);
    const queued = Number((await knex('outbox_messages').count({ n: '*' }))[0]!.n);
    console.log(`outbox         ${queued} messages queued in all`);
    const peakRssMb = vmHwmMb(worker.process.pid);
    await boss.stop({ graceful: false, close: true });
    console.log(
      JSON.stringify({ bench: 'credit-control', contracts, seconds: Number(day.seconds.toFixed(2)), messages: day.output.messagesQueued, rerun_seconds: Number(rerun.seconds.toFixed(2)), rerun_messages: rerun.output.messagesQueued, peak_rss_mb: Math.round(peakRssMb) }),
    );
  } finally {
    await worker?.stop(5_000);
    await knex.destroy();
    await embedded?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
