import { createQueues } from '../../../jobs/create-queues';
import { startBoss, type PgBoss } from '../../../jobs/boss';
import { ALL_QUEUES } from '../../../jobs/queues';
import { createTestDatabase, type TestDatabase } from '../../../testing';
import { runBillingAutomation } from '../automation/run-billing-automation';
import { AUTOMATED_BILLING_GROUPS_SETTING } from '../automation/automation-settings';
import { billHouseForRun } from '../bill-run-house.service';
import { fanOutBillRun, startBillRun, type BillRunCaller, type BillRunRow } from '../bill-runs.service';
import { buildBillHouse, type BuiltHouse } from '../billing-test-data';
import { freezeClockAt, thawClock } from './frozen-clock';

/*
 * BILL statements with the clock frozen at chosen instants (only `Date` is faked; the database is real):
 * periods spanning the clock changes (last Sunday of March 2027, 28 March: a 23-hour day; last Sunday of
 * October 2027, 31 October: a 25-hour day) bill whole calendar days; a run started at 00:30 London time on
 * 1 April (still 31 March in UTC, BST) is issued on 1 April and due on 15 April; a run started one minute
 * before and after midnight on New Year's Eve, and the automated billing at those instants.
 */

let db: TestDatabase;
let boss: PgBoss;
let house: BuiltHouse;
let caller: BillRunCaller;

// 25p/kWh and 50p a day; 5% VAT on domestic energy.
const TARIFF = { utility: 'electric' as const, unitRate: '25', standingCharge: '50', startDate: '2027-02-01', endDate: '2028-01-31' };

beforeAll(async () => {
  db = await createTestDatabase();
  boss = await startBoss(db.url, 'sender');
  await createQueues(boss, ALL_QUEUES);
  caller = { db: db.knex, boss, userId: null, groupId: 1 };
  // The second tenant moves in on the day BST starts and leaves on the day it ends.
  house = await buildBillHouse(db.knex, {
    contractStart: '2027-02-01',
    contractEnd: '2028-01-31',
    tenants: [
      { startDate: '2027-02-01', endDate: '2028-01-31' },
      { startDate: '2027-03-28', endDate: '2027-10-31' },
    ],
    tariffs: [TARIFF],
    meters: [
      {
        utility: 'electric',
        rateType: 'SINGLE',
        reads: [
          ['2027-03-01', 1000],
          ['2027-03-31', 1300],
          ['2027-10-01', 5000],
          ['2027-10-31', 5400],
          ['2027-12-01', 6000],
          ['2027-12-31', 6500],
        ],
      },
    ],
  });
});

afterEach(() => thawClock());

afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await db.drop();
});

/** The run's fan-out and this house's job, as the workers would run them (the real services, in order). */
async function billTheHouse(run: BillRunRow) {
  await fanOutBillRun(db.knex, boss, run.id);
  expect(await billHouseForRun(db.knex, { billRunId: run.id, houseContractId: house.houseContractId, periodStart: run.period_start, periodEnd: run.period_end })).toMatchObject({ status: 'DONE' });
  const statement = await db.knex('bills').where({ house_contract_id: house.houseContractId, kind: 'HOUSE_STATEMENT', period_start: run.period_start }).first();
  const tenants = await db.knex('bills').where({ parent_bill_id: statement.id }).orderBy('tenant_contract_id');
  const linesOf = (billId: number) => db.knex('bill_lines').where({ bill_id: billId }).orderBy('id');
  return { statement, tenants, lines: await linesOf(statement.id), tenantLines: await Promise.all(tenants.map((tenant: { id: number }) => linesOf(tenant.id))) };
}

const standing = (lines: Array<{ days: number | null; description: string }>) => lines.filter((line) => line.days !== null);

it('March across the start of BST: 31 days billed; run at 00:30 London on 1 April, issued 1 April and due 15 April', async () => {
  // 00:30 BST on 1 April 2027 is 23:30 UTC on 31 March.
  expect(freezeClockAt('2027-04-01T00:30:00+01:00')).toBe('2027-04-01');
  expect(new Date().toISOString()).toBe('2027-03-31T23:30:00.000Z');
  const run = await startBillRun(caller, { periodStart: '2027-03-01', periodEnd: '2027-03-31' });
  expect(run).toMatchObject({ issue_date: '2027-04-01' });

  const { statement, tenants, lines, tenantLines } = await billTheHouse(run);
  // 300 kWh × 25p = 7500 + 375 VAT; 31 days × 50p = 1550 + 78 VAT (77.5 rounded half-up).
  expect(statement).toMatchObject({ issue_date: '2027-04-01', due_date: '2027-04-15', net_pence: 9050, vat_pence: 453, total_pence: 9503 });
  expect(standing(lines)).toEqual([expect.objectContaining({ days: 31, net_pence: 1550 })]);
  // Tenant-days by calendar days: the first tenant 31, the second 4 (28–31 March, the 23-hour Sunday counted once).
  expect(tenants).toHaveLength(2);
  expect(tenantLines[0]!.map((line: { description: string }) => line.description)).toEqual(expect.arrayContaining([expect.stringContaining('(31 of 35 tenant-days)')]));
  expect(tenantLines[1]!.map((line: { description: string }) => line.description)).toEqual(expect.arrayContaining([expect.stringContaining('(4 of 35 tenant-days)')]));
  expect(tenants.map((tenant: { issue_date: string; due_date: string }) => [tenant.issue_date, tenant.due_date])).toEqual([
    ['2027-04-01', '2027-04-15'],
    ['2027-04-01', '2027-04-15'],
  ]);
  expect(tenants.reduce((sum: number, tenant: { total_pence: number }) => sum + tenant.total_pence, 0)).toBe(9503);
  expect(await db.knex('ledger_entries').whereIn('bill_id', tenants.map((tenant: { id: number }) => tenant.id)).pluck('entry_date')).toEqual(['2027-04-01', '2027-04-01']);
});

it('October across the end of BST: 31 days billed, the 25-hour Sunday once; issued 1 November, due 15 November', async () => {
  expect(freezeClockAt('2027-11-01T00:30:00Z')).toBe('2027-11-01'); // GMT again: London is UTC
  const run = await startBillRun(caller, { periodStart: '2027-10-01', periodEnd: '2027-10-31' });
  const { statement, tenants, lines, tenantLines } = await billTheHouse(run);
  // 400 kWh × 25p = 10000 + 500 VAT; 31 days × 50p = 1550 + 78 VAT.
  expect(statement).toMatchObject({ issue_date: '2027-11-01', due_date: '2027-11-15', total_pence: 12128 });
  expect(standing(lines)).toEqual([expect.objectContaining({ days: 31, net_pence: 1550 })]);
  // Both tenants all 31 days (the second leaves on the 31st, the day the clocks go back).
  for (const shares of tenantLines) expect(shares.map((line: { description: string }) => line.description)).toEqual(expect.arrayContaining([expect.stringContaining('(31 of 62 tenant-days)')]));
  expect(tenants.map((tenant: { total_pence: number }) => tenant.total_pence)).toEqual([6064, 6064]);
});

describe('New Year’s Eve, one minute either side of midnight', () => {
  it('a run started at 23:59 on 31 December is issued on 31 December; at 00:01 on 1 January, on 1 January', async () => {
    const group2 = { ...caller, groupId: 2 }; // no houses: only the run's own dates matter here
    const december = { periodStart: '2027-12-01', periodEnd: '2027-12-31' };
    expect(freezeClockAt('2027-12-31T23:59:00Z')).toBe('2027-12-31');
    expect(await startBillRun(group2, december)).toMatchObject({ period_start: '2027-12-01', period_end: '2027-12-31', issue_date: '2027-12-31' });
    expect(freezeClockAt('2028-01-01T00:01:00Z')).toBe('2028-01-01');
    expect(await startBillRun(group2, december)).toMatchObject({ period_start: '2027-12-01', period_end: '2027-12-31', issue_date: '2028-01-01' });
  });

  it('the automation does nothing at 23:59 on 31 December and bills December at 00:01 on 1 January', async () => {
    await db.knex('feature_flags').where({ name: 'automatedBilling' }).update({ enabled: true });
    await db.knex('system_settings').insert({ key: AUTOMATED_BILLING_GROUPS_SETTING, value: JSON.stringify({ 1: { enabled: true } }) }).onConflict('key').merge();

    freezeClockAt('2027-12-31T23:59:00Z');
    expect(await runBillingAutomation(db.knex, boss)).toEqual({ today: '2027-12-31', featureEnabled: true, groups: [{ groupId: 1, status: 'NOT_BILLING_DAY', billingDay: 1 }] });
    expect(await db.knex('bill_runs').where({ group_id: 1, automated: true })).toEqual([]);

    freezeClockAt('2028-01-01T00:01:00Z');
    const output = await runBillingAutomation(db.knex, boss);
    expect(output.groups).toEqual([{ groupId: 1, status: 'SCHEDULED', billRunId: expect.any(Number), periodStart: '2027-12-01', periodEnd: '2027-12-31' }]);
    const run: BillRunRow = await db.knex('bill_runs').where({ group_id: 1, automated: true }).first();
    expect(run).toMatchObject({ period_start: '2027-12-01', period_end: '2027-12-31', issue_date: '2028-01-01', scheduled_on: '2028-01-01' });
    // 500 kWh × 25p = 12500 + 625 VAT; 31 days × 50p = 1550 + 78 VAT. Only the first tenant is left in December.
    const { statement, tenants } = await billTheHouse(run);
    expect(statement).toMatchObject({ period_start: '2027-12-01', period_end: '2027-12-31', issue_date: '2028-01-01', due_date: '2028-01-15', total_pence: 14753 });
    expect(tenants).toEqual([expect.objectContaining({ tenant_contract_id: house.tenantContractIds[0], total_pence: 14753 })]);
  });
});
