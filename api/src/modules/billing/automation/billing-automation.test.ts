import { HANDLERS } from '../../../../../workers/src/queues';
import { SCHEDULES } from '../../../../../workers/src/schedules';
import { startWorkers, type RunningWorkers } from '../../../../../workers/src/start-workers';
import { createTestDatabase, waitFor, type TestDatabase } from '../../../testing';
import { listJobSchedules } from '../../jobs/job-schedules.service';
import { buildBillHouse } from '../billing-test-data';
import { BILLING_RUN_MESSAGES } from '../billing-rules';
import { AUTOMATED_BILLING_GROUPS_SETTING } from './automation-settings';
import { runBillingAutomation } from './run-billing-automation';

/*
 * The daily automated billing on a real database and queue: with "today" set by the system date override,
 * the job schedules one automated bill run of the previous month per group whose billing day it is (its
 * fan-out enqueued and run by the workers), does nothing more when run again, nothing for a group with
 * automation off, nothing on another day; the schedule is registered and shown in the job console.
 */

let db: TestDatabase;
let workers: RunningWorkers;
let houseContractId: number;

const setToday = (date: string) =>
  db.knex('system_settings')
    .insert([
      { key: 'enableDateOverriding', value: JSON.stringify(true) },
      { key: 'currentDateOverride', value: JSON.stringify(date) },
    ])
    .onConflict('key')
    .merge();

async function setAutomation(featureEnabled: boolean, groups: Record<string, unknown>) {
  await db.knex('feature_flags').where({ name: 'automatedBilling' }).update({ enabled: featureEnabled });
  await db.knex('system_settings').insert({ key: AUTOMATED_BILLING_GROUPS_SETTING, value: JSON.stringify(groups) }).onConflict('key').merge();
}

const automatedRuns = (groupId: number) => db.knex('bill_runs').where({ group_id: groupId, automated: true }).orderBy('id');
const runCount = async () => Number((await db.knex('bill_runs').count({ n: '*' }))[0]!.n);
const fanOutJobs = (billRunId: number) => workers.boss.findJobs('billing.run', { data: { billRunId } });
const automation = () => runBillingAutomation(db.knex, workers.boss);

beforeAll(async () => {
  db = await createTestDatabase();
  workers = await startWorkers(db.url, { db: db.knex, adapters: {} as never }, {
    handlers: HANDLERS as never,
    schedules: SCHEDULES.filter((schedule) => schedule.queue === 'billing.automation'),
    pollingIntervalSeconds: 0.5,
  });
  // One BILL house in group 1 billed in February 2027, so the automated run has a house to bill.
  const house = await buildBillHouse(db.knex, {
    contractStart: '2026-09-01',
    contractEnd: '2027-08-31',
    tenants: [{ startDate: '2026-09-01', endDate: '2027-08-31' }],
    tariffs: [{ utility: 'electric', unitRate: '25', standingCharge: '50', startDate: '2026-09-01', endDate: '2027-08-31' }],
    meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2027-02-01', 1000], ['2027-02-28', 1200]] }],
  });
  houseContractId = house.houseContractId;
});

afterAll(async () => {
  await workers.stop();
  await db.drop();
});

it('registers the daily 05:00 Europe/London schedule, which the job console lists', async () => {
  expect(SCHEDULES).toContainEqual(expect.objectContaining({ queue: 'billing.automation', cron: '0 5 * * *' }));
  const schedules = await listJobSchedules(db.knex, { filter: { q: 'billing.automation' } });
  const listed = schedules.find((schedule) => schedule.queue === 'billing.automation');
  expect(listed).toMatchObject({ cron: '0 5 * * *', timezone: 'Europe/London' });
  const nextLondonTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(new Date(listed!.nextRunOn!));
  expect(nextLondonTime).toBe('05:00');
});

it('on the billing day: one automated run of last month per enabled group, its fan-out run; nothing for a group with automation off', async () => {
  await setAutomation(true, { 1: { enabled: true }, 2: { enabled: false, billingDay: 1 } });
  await setToday('2027-03-01');

  const output = await automation();
  expect(output).toEqual({
    today: '2027-03-01',
    featureEnabled: true,
    groups: [{ groupId: 1, status: 'SCHEDULED', billRunId: expect.any(Number), periodStart: '2027-02-01', periodEnd: '2027-02-28' }],
  });
  const runs = await automatedRuns(1);
  expect(runs).toEqual([expect.objectContaining({ period_start: '2027-02-01', period_end: '2027-02-28', scheduled_on: '2027-03-01', issue_date: '2027-03-01', requested_by: null })]);
  expect(await automatedRuns(2)).toEqual([]);

  // The fan-out was enqueued with the run; the workers bill the house for February.
  const [run] = runs;
  expect(await fanOutJobs(run.id)).toHaveLength(1);
  const finished = await waitFor('the automated run to finish', async () => {
    const row = await db.knex('bill_runs').where({ id: run.id }).first();
    return row?.finished_at ? row : undefined;
  });
  expect(finished).toMatchObject({ status: 'COMPLETED', houses_total: 1, houses_done: 1 });
  expect(await db.knex('bills').where({ house_contract_id: houseContractId, kind: 'HOUSE_STATEMENT' })).toEqual([
    expect.objectContaining({ period_start: '2027-02-01', period_end: '2027-02-28', issue_date: '2027-03-01', due_date: '2027-03-15' }),
  ]);
});

it('run again the same day: nothing more, and the job says why', async () => {
  const before = await runCount();
  const output = await automation();
  expect(output.groups).toEqual([{ groupId: 1, status: 'NOTHING_TO_DO', reason: BILLING_RUN_MESSAGES.onlyOneAutomationPerDay, periodStart: '2027-02-01', periodEnd: '2027-02-28' }]);
  expect(await runCount()).toBe(before);
  expect(await fanOutJobs((await automatedRuns(1))[0].id)).toHaveLength(1);
});

it('a day that is not the billing day does nothing; a period already scheduled is not scheduled again', async () => {
  const before = await runCount();
  await setToday('2027-03-02');
  expect((await automation()).groups).toEqual([{ groupId: 1, status: 'NOT_BILLING_DAY', billingDay: 1 }]);
  expect(await runCount()).toBe(before);

  // Staff move group 1's billing day to the 2nd: February was already scheduled yesterday.
  await setAutomation(true, { 1: { enabled: true, billingDay: 2 } });
  expect((await automation()).groups).toEqual([{ groupId: 1, status: 'NOTHING_TO_DO', reason: BILLING_RUN_MESSAGES.alreadyScheduledForPeriod, periodStart: '2027-02-01', periodEnd: '2027-02-28' }]);
  expect(await runCount()).toBe(before);
});

it('each group on its own billing day; nothing at all while the automatedBilling feature is off', async () => {
  await setAutomation(true, { 1: { enabled: true, billingDay: 1 }, 2: { enabled: true, billingDay: 15 } });
  await setToday('2027-03-15');
  expect((await automation()).groups).toEqual([
    { groupId: 1, status: 'NOT_BILLING_DAY', billingDay: 1 },
    { groupId: 2, status: 'SCHEDULED', billRunId: expect.any(Number), periodStart: '2027-02-01', periodEnd: '2027-02-28' },
  ]);
  expect(await automatedRuns(2)).toEqual([expect.objectContaining({ period_start: '2027-02-01', scheduled_on: '2027-03-15' })]);

  const before = await runCount();
  await setAutomation(false, { 1: { enabled: true, billingDay: 1 }, 2: { enabled: true, billingDay: 1 } });
  await setToday('2027-04-01');
  expect(await automation()).toEqual({ today: '2027-04-01', featureEnabled: false, groups: [] });
  expect(await runCount()).toBe(before);
});

it('a billing day no month can miss: 29 and later are refused as a setting, nothing is scheduled', async () => {
  const before = await runCount();
  await setAutomation(true, { 1: { enabled: true, billingDay: 31 }, 9: { enabled: true } });
  await setToday('2027-03-31');
  expect((await automation()).groups).toEqual([
    { groupId: 1, status: 'INVALID_SETTING', reason: 'billingDay must be a whole number from 1 to 28' },
    { groupId: 9, status: 'INVALID_SETTING', reason: 'No group 9' },
  ]);
  expect(await runCount()).toBe(before);
});

it('the scheduled job itself, through the workers: schedules April’s run on 1 May and reports it as its output', async () => {
  await setAutomation(true, { 1: { enabled: true } });
  await setToday('2027-05-01');
  const jobId = await workers.boss.send('billing.automation', {});
  const job = await waitFor('the automation job', async () => {
    const found = await workers.boss.getJobById('billing.automation', jobId!);
    return found?.state === 'completed' ? found : undefined;
  });
  expect(job.output).toMatchObject({ today: '2027-05-01', groups: [{ groupId: 1, status: 'SCHEDULED', periodStart: '2027-04-01', periodEnd: '2027-04-30' }] });
  expect((await automatedRuns(1)).map((run: { period_start: string }) => run.period_start)).toEqual(['2027-02-01', '2027-04-01']);
});
