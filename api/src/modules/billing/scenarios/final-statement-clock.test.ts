import { createQueues } from '../../../jobs/create-queues';
import { startBoss, type PgBoss } from '../../../jobs/boss';
import { ALL_QUEUES } from '../../../jobs/queues';
import { createTestDatabase, type TestDatabase } from '../../../testing';
import { FINAL_STATEMENTS_QUEUE, finalStatementJobKey, runFinalStatementJob } from '../../plan-billing/final-statement-jobs';
import { ensurePlanSchedule } from '../../plan-billing/plan-schedule.service';
import { buildBillHouse } from '../billing-test-data';
import { freezeClockAt, thawClock } from './frozen-clock';

/*
 * The PLAN final statement of a tenant contract ending on a month end (30 June 2027), issued by the daily
 * job with the clock frozen at chosen instants: not on its last day, even at 23:30; at 00:30 London time on
 * 1 July (still 30 June in UTC, BST) it is due and issued that day; a contract found later is still issued
 * on the last day of the 12 weeks after its end, and no longer swept the day after.
 */

let db: TestDatabase;
let boss: PgBoss;

const CONTRACT = { startDate: '2026-07-01', endDate: '2027-06-30' };

/** A signed GREENSAVER house (MEDIUM allowance 2,700 kWh a year) whose tenant used exactly the allowance. */
async function endingPlanContract(): Promise<number> {
  const house = await buildBillHouse(db.knex, {
    contractStart: CONTRACT.startDate,
    contractEnd: CONTRACT.endDate,
    tenants: [CONTRACT],
    tariffs: [{ utility: 'electric', unitRate: '25', standingCharge: '50', ...CONTRACT }],
    meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2026-07-01', 0], ['2027-06-30', 2700]] }],
  });
  await db.knex('house_contracts').where({ id: house.houseContractId }).update({ billing_type: 'PLAN', plan_type: 'GREENSAVER', weekly_price_pence: 2000, payment_frequency: 'MONTHLY' });
  const [tenantContractId] = house.tenantContractIds as [number];
  await db.knex.transaction(async (trx) => expect(await ensurePlanSchedule(trx, tenantContractId)).toMatchObject({ status: 'CREATED' }));
  return tenantContractId;
}

const sweep = () => runFinalStatementJob(db.knex, boss, {});
const queued = (tenantContractId: number) => boss.findJobs(FINAL_STATEMENTS_QUEUE, { key: finalStatementJobKey(tenantContractId) });
const finalStatements = (tenantContractId: number) => db.knex('bills').where({ tenant_contract_id: tenantContractId, kind: 'FINAL_STATEMENT' });

beforeAll(async () => {
  db = await createTestDatabase();
  boss = await startBoss(db.url, 'sender');
  await createQueues(boss, ALL_QUEUES);
  await db.knex('usage_estimates')
    .insert({ supply_type: 'DUAL', utility_type: 'electric', energy_use_type: 'MEDIUM', bedrooms: 4, kwh_per_year: 2700, estimate_type: 'MONTHLY' })
    .onConflict(['supply_type', 'utility_type', 'energy_use_type', 'bedrooms', 'estimate_type'])
    .merge();
});

afterEach(() => thawClock());

afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await db.drop();
});

it('is not issued on the contract’s last day, and is issued by the daily job at 00:30 London time on 1 July', async () => {
  const tenantContractId = await endingPlanContract();

  expect(freezeClockAt('2027-06-30T23:30:00+01:00')).toBe('2027-06-30');
  expect(await sweep()).toEqual({ today: '2027-06-30', due: 0, enqueued: 0 });
  expect(await runFinalStatementJob(db.knex, boss, { tenantContractId })).toMatchObject({ status: 'NOT_DUE', reason: 'The tenant contract has not ended yet' });
  expect(await finalStatements(tenantContractId)).toEqual([]);

  // 00:30 BST on 1 July is 23:30 UTC on 30 June: the London date is what counts.
  expect(freezeClockAt('2027-07-01T00:30:00+01:00')).toBe('2027-07-01');
  expect(new Date().toISOString()).toBe('2027-06-30T23:30:00.000Z');
  expect(await sweep()).toEqual({ today: '2027-07-01', due: 1, enqueued: 1 });
  expect(await queued(tenantContractId)).toEqual([expect.objectContaining({ data: { tenantContractId } })]);
  // The contract's own job, as the worker runs it.
  expect(await runFinalStatementJob(db.knex, boss, { tenantContractId })).toMatchObject({ status: 'ISSUED', tenantContractId, excessPence: 0 });
  expect(await finalStatements(tenantContractId)).toEqual([
    expect.objectContaining({ state: 'ISSUED', period_start: '2026-07-01', period_end: '2027-06-30', issue_date: '2027-07-01', due_date: '2027-07-15' }),
  ]);
  // The next day's sweep finds nothing more to do.
  freezeClockAt('2027-07-02T05:00:00+01:00');
  expect(await sweep()).toEqual({ today: '2027-07-02', due: 0, enqueued: 0 });
});

it('a contract ended on 30 June is swept up to 22 September (12 weeks), not on 23 September', async () => {
  const late = await endingPlanContract();
  expect(freezeClockAt('2027-09-22T04:15:00+01:00')).toBe('2027-09-22');
  expect(await sweep()).toEqual({ today: '2027-09-22', due: 1, enqueued: 1 });
  expect(await runFinalStatementJob(db.knex, boss, { tenantContractId: late })).toMatchObject({ status: 'ISSUED' });
  expect(await finalStatements(late)).toEqual([expect.objectContaining({ issue_date: '2027-09-22', due_date: '2027-10-06' })]);

  const tooLate = await endingPlanContract();
  expect(freezeClockAt('2027-09-23T04:15:00+01:00')).toBe('2027-09-23');
  expect(await sweep()).toEqual({ today: '2027-09-23', due: 0, enqueued: 0 });
  expect(await queued(tooLate)).toEqual([]);
});
