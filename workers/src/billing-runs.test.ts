import { createTestDatabase, waitFor, type TestDatabase } from '@app/api/testing';
import { BILLING_RUN_MESSAGES, houseJobKey, refreshRunProgress, retryFailedHouses, scheduleAutomatedBilling, startBillRun, type BillRunCaller } from '../../api/src/modules/billing';
import { GOLDEN_HOUSE, MARCH_2026, buildBillHouse, type BuiltHouse } from '../../api/src/modules/billing/billing-test-data';
import { HANDLERS } from './queues';
import { startWorkers, type RunningWorkers } from './start-workers';

/*
 * Bill runs through the real queue: the fan-out job, one job per house, the run's progress, idempotence
 * (a re-run, a second run, a duplicated job) and retrying only the failed houses.
 */

let db: TestDatabase;
let workers: RunningWorkers;
let caller: BillRunCaller;
let golden: BuiltHouse;
let broken: BuiltHouse;
let firstRunId: number;

const oneTenant = [{ startDate: '2025-09-01', endDate: '2026-08-31' }];
const electricTariff = [{ utility: 'electric' as const, unitRate: '25', standingCharge: '50', startDate: '2025-09-01', endDate: '2026-08-31' }];

beforeAll(async () => {
  db = await createTestDatabase();
  workers = await startWorkers(db.url, { db: db.knex, adapters: {} as never }, { handlers: HANDLERS as never, schedules: [], pollingIntervalSeconds: 0.5 });
  caller = { db: db.knex, boss: workers.boss, userId: null, groupId: 1 };
  golden = await buildBillHouse(db.knex, GOLDEN_HOUSE);
  await buildBillHouse(db.knex, { tenants: oneTenant, tariffs: electricTariff, meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2026-03-01', 100], ['2026-03-31', 300]] }] });
  broken = await buildBillHouse(db.knex, { tenants: oneTenant, tariffs: electricTariff, meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2026-03-01', 800], ['2026-03-31', 700]] }] });
});

afterAll(async () => {
  await workers.stop();
  await db.drop();
});

const run = (id: number) => db.knex('bill_runs').where({ id }).first();
const finished = (id: number) => waitFor(`bill run ${id} to finish`, async () => ((await run(id))?.finished_at ? run(id) : undefined));
const runHouse = (billRunId: number, houseContractId: number) => db.knex('bill_run_houses').where({ bill_run_id: billRunId, house_contract_id: houseContractId }).first();
const houseStatements = (houseContractId: number) => db.knex('bills').where({ house_contract_id: houseContractId, kind: 'HOUSE_STATEMENT' });
const billCount = async () => Number((await db.knex('bills').count({ n: '*' }))[0]!.n);

it('bills every BILL house of the group; a house with a broken meter fails with METER_ISSUE and the others complete', async () => {
  const started = await startBillRun(caller, MARCH_2026);
  firstRunId = started.id;
  expect(started).toMatchObject({ status: 'PENDING', group_id: 1, period_start: '2026-03-01', period_end: '2026-03-31' });

  const done = await finished(firstRunId);
  expect(done).toMatchObject({ status: 'COMPLETED_WITH_FAILURES', houses_total: 3, houses_done: 2, houses_already_billed: 0, houses_failed: 1, houses_remaining: 0 });
  expect(await runHouse(firstRunId, golden.houseContractId)).toMatchObject({ status: 'DONE', billing_status: 'BILL_SENT', attempts: 1, error: null });
  expect(await runHouse(firstRunId, broken.houseContractId)).toMatchObject({ status: 'FAILED', billing_status: 'METER_ISSUE', error: expect.stringContaining('closing read is lower') });
  expect(await db.knex('house_contracts').where({ id: broken.houseContractId }).first('billing_status')).toEqual({ billing_status: 'METER_ISSUE' });
  expect(await houseStatements(golden.houseContractId)).toEqual([expect.objectContaining({ total_pence: 18080 })]);
  expect(await houseStatements(broken.houseContractId)).toEqual([]);
  expect(await billCount()).toBe(3 + 2);

  // The job console shows each job's outcome.
  const [fanOut] = await workers.boss.findJobs('billing.run', { data: { billRunId: firstRunId } });
  expect(fanOut).toMatchObject({ state: 'completed', output: { billRunId: firstRunId, houses: 3, enqueued: 3 } });
  const houseJobs = await workers.boss.findJobs('billing.house', { key: houseJobKey(broken.houseContractId, '2026-03-01', '2026-03-31') });
  expect(houseJobs.map((job) => job.output)).toEqual([expect.objectContaining({ status: 'FAILED', billingStatus: 'METER_ISSUE' })]);

  // Each tenant statement is e-mailed once, by one job for the houses billed together.
  const tenantBillIds = (await db.knex('bills').where({ kind: 'TENANT_STATEMENT' }).orderBy('id').pluck('id')).map(Number);
  expect(tenantBillIds).toHaveLength(3);
  const emailed = await waitFor('every tenant statement e-mailed', async () => {
    const rows = (await db.knex('outbox_messages').where('subject', 'like', 'Your energy statement % from %').pluck('subject')) as string[];
    return rows.length === tenantBillIds.length ? rows : undefined;
  });
  expect(emailed.map((subject) => Number(/statement (\d+) from/.exec(subject)![1])).sort((a, b) => a - b)).toEqual(tenantBillIds);
  const emailJobs = await workers.boss.findJobs('billing.statement-email');
  expect(emailJobs).toHaveLength(1);
  expect(emailJobs[0]!.data).toEqual({ houseBillIds: expect.arrayContaining([expect.any(Number), expect.any(Number)]) });
});

it('creates no new bill when the run is run again, or a second run covers the same period', async () => {
  const before = await billCount();
  await workers.boss.send('billing.run', { billRunId: firstRunId });
  await waitFor('the repeated fan-out', async () => (await workers.boss.findJobs('billing.run', { data: { billRunId: firstRunId } })).every((job) => job.state === 'completed'));
  expect(await run(firstRunId)).toMatchObject({ houses_total: 3, houses_done: 2, houses_failed: 1, houses_remaining: 0 });

  const second = await startBillRun(caller, MARCH_2026);
  expect(await finished(second.id)).toMatchObject({ status: 'COMPLETED_WITH_FAILURES', houses_total: 3, houses_done: 0, houses_already_billed: 2, houses_failed: 1 });
  expect(await runHouse(second.id, golden.houseContractId)).toMatchObject({ status: 'ALREADY_BILLED' });
  expect(await billCount()).toBe(before);
});

it('issues one statement when the same house is enqueued twice', async () => {
  const house = await buildBillHouse(db.knex, { tenants: oneTenant, tariffs: electricTariff, meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2026-03-01', 10], ['2026-03-31', 20]] }] });
  const duplicate = await startBillRun({ ...caller, groupId: 2 }, MARCH_2026); // group 2 has no house: the run is only a holder
  await finished(duplicate.id);
  await db.knex('bill_run_houses').insert({ group_id: 1, bill_run_id: duplicate.id, house_contract_id: house.houseContractId });
  // As a fan-out does after recording houses: the run's counters start from the houses it holds.
  await db.knex.transaction((trx) => refreshRunProgress(trx, duplicate.id));
  const job = { billRunId: duplicate.id, houseContractId: house.houseContractId, ...MARCH_2026 };
  const singletonKey = houseJobKey(house.houseContractId, MARCH_2026.periodStart, MARCH_2026.periodEnd);
  await Promise.all([workers.boss.send('billing.house', job, { singletonKey }), workers.boss.send('billing.house', job, { singletonKey })]);

  await waitFor('both jobs', async () => {
    const jobs = await workers.boss.findJobs('billing.house', { key: singletonKey });
    return jobs.length === 2 && jobs.every((one) => one.state === 'completed');
  });
  expect(await houseStatements(house.houseContractId)).toHaveLength(1);
  expect(await runHouse(duplicate.id, house.houseContractId)).toMatchObject({ status: 'DONE', attempts: 2 });
});

it('retries only the failed houses', async () => {
  const key = (house: BuiltHouse) => houseJobKey(house.houseContractId, '2026-03-01', '2026-03-31');
  const goldenJobs = (await workers.boss.findJobs('billing.house', { key: key(golden) })).length;
  // The meter was misread: the bad read is rejected and a correct one recorded.
  await db.knex('meter_readings').where({ meter_id: broken.meterIds[0], reading_date: '2026-03-31' }).update({ status: 'REJECTED' });
  await db.knex('meter_readings').insert({ group_id: 1, meter_id: broken.meterIds[0], house_id: broken.houseId, reading_date: '2026-03-31', value: 950, source: 'BACK_OFFICE', type: 'ACTUAL', status: 'APPROVED' });

  const { retried } = await retryFailedHouses(caller, firstRunId);
  expect(retried).toBe(1);
  await waitFor('the retried house', async () => (await run(firstRunId))?.status === 'COMPLETED');
  expect(await run(firstRunId)).toMatchObject({ houses_done: 3, houses_failed: 0, houses_remaining: 0 });
  expect(await runHouse(firstRunId, broken.houseContractId)).toMatchObject({ status: 'DONE', billing_status: 'BILL_SENT', error: null, attempts: 2 });
  expect(await runHouse(firstRunId, golden.houseContractId)).toMatchObject({ attempts: 1 });
  expect(await workers.boss.findJobs('billing.house', { key: key(golden) })).toHaveLength(goldenJobs);
  // 150 kWh × 25p = 3750 + 188, standing 31 × 50p = 1550 + 78.
  expect(await houseStatements(broken.houseContractId)).toEqual([expect.objectContaining({ total_pence: 3750 + 188 + 1550 + 78 })]);
  expect(await retryFailedHouses(caller, firstRunId)).toMatchObject({ retried: 0 });
});

it('schedules one automation a day, never twice for a period', async () => {
  const group3 = { ...caller, groupId: 2 };
  const setToday = (date: string) =>
    db.knex('system_settings')
      .insert([
        { key: 'enableDateOverriding', value: JSON.stringify(true) },
        { key: 'currentDateOverride', value: JSON.stringify(date) },
      ])
      .onConflict('key')
      .merge();
  await setToday('2026-04-01');
  const march = await scheduleAutomatedBilling(group3, MARCH_2026);
  expect(march).toMatchObject({ automated: true, scheduled_on: '2026-04-01', issue_date: '2026-04-01' });
  const april = { periodStart: '2026-04-01', periodEnd: '2026-04-30' };
  await expect(scheduleAutomatedBilling(group3, april)).rejects.toMatchObject({ code: 'CONFLICT', message: BILLING_RUN_MESSAGES.onlyOneAutomationPerDay });
  await setToday('2026-04-02');
  await expect(scheduleAutomatedBilling(group3, MARCH_2026)).rejects.toMatchObject({ code: 'CONFLICT', message: BILLING_RUN_MESSAGES.alreadyScheduledForPeriod });
  expect(await scheduleAutomatedBilling(group3, april)).toMatchObject({ automated: true, scheduled_on: '2026-04-02' });
  expect(await finished(march.id)).toMatchObject({ status: 'COMPLETED', houses_total: 0 });
  expect(BILLING_RUN_MESSAGES).toMatchObject({ onlyOneAutomationPerDay: 'Only one automation per day', alreadyScheduledForPeriod: 'Already scheduled for the period' });
});
