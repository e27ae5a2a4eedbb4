import { createQueues } from '../../jobs/create-queues';
import { startBoss, type PgBoss } from '../../jobs/boss';
import { ALL_QUEUES } from '../../jobs/queues';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { buildBillHouse, type TestHouse } from '../billing/billing-test-data';
import { FINAL_STATEMENTS_QUEUE, dueFinalStatements, finalStatementJobKey, runFinalStatementJob } from './final-statement-jobs';
import { generateFinalStatement } from './final-statement.service';
import { ensurePlanSchedule } from './plan-schedule.service';

/*
 * PLAN final statements on a real database: usage from the house's meter reads over the tenant contract,
 * the tenant's share by tenant-days, the GREENSAVER allowance (the MEDIUM usage estimate), an excess charged
 * and a credit refunded, once per tenant contract; the daily job, run twice, issues each statement once.
 * "Today" is frozen at 2026-09-15 with the system date override: the contracts ended on 2026-08-31.
 */

let db: TestDatabase;
let boss: PgBoss;
const TODAY = '2026-09-15';
/** £20 a week per tenant: 104000p for the year. */
const WEEKLY = 2000;
const TARIFF = [{ utility: 'electric' as const, unitRate: '25', standingCharge: '50', startDate: '2025-09-01', endDate: '2026-08-31' }];
const FULL_YEAR = { startDate: '2025-09-01', endDate: '2026-08-31' };

/** A signed GREENSAVER house (4 bedrooms, DUAL supply, MEDIUM allowance 2,700 kWh a year), its instalments charged. */
async function planHouse(spec: TestHouse) {
  const house = await buildBillHouse(db.knex, spec);
  await db.knex('house_contracts').where({ id: house.houseContractId }).update({ billing_type: 'PLAN', plan_type: 'GREENSAVER', weekly_price_pence: WEEKLY, payment_frequency: 'MONTHLY' });
  await db.knex.transaction(async (trx) => {
    for (const id of house.tenantContractIds) expect(await ensurePlanSchedule(trx, id)).toMatchObject({ status: 'CREATED' });
  });
  return house;
}

async function pay(tenantContractId: number, amountPence: number) {
  const [payment] = await db.knex('payments')
    .insert({ group_id: 1, tenant_contract_id: tenantContractId, amount_pence: amountPence, payment_date: '2026-08-01', method: 'STANDING_ORDER', status: 'PAID' })
    .returning('id');
  await db.knex('ledger_entries').insert({ group_id: 1, tenant_contract_id: tenantContractId, entry_date: '2026-08-01', kind: 'PAYMENT', amount_pence: -amountPence, description: 'Payment', payment_id: payment.id });
}

const finalStatement = (tenantContractId: number, today?: string) => db.knex.transaction((trx) => generateFinalStatement(trx, tenantContractId, today ? { today } : {}));
const finalBills = (tenantContractId: number) => db.knex('bills').where({ tenant_contract_id: tenantContractId, kind: 'FINAL_STATEMENT' });
const ledgerOf = (tenantContractId: number, kind: string) => db.knex('ledger_entries').where({ tenant_contract_id: tenantContractId, kind }).orderBy('id');

beforeAll(async () => {
  db = await createTestDatabase();
  boss = await startBoss(db.url, 'sender');
  await createQueues(boss, ALL_QUEUES);
  for (const [key, value] of [
    ['enableDateOverriding', true],
    ['currentDateOverride', TODAY],
  ] as const) {
    await db.knex('system_settings').insert({ key, value: JSON.stringify(value) }).onConflict('key').merge();
  }
  await db.knex('usage_estimates')
    .insert({ supply_type: 'DUAL', utility_type: 'electric', energy_use_type: 'MEDIUM', bedrooms: 4, kwh_per_year: 2700, estimate_type: 'MONTHLY' })
    .onConflict(['supply_type', 'utility_type', 'energy_use_type', 'bedrooms', 'estimate_type'])
    .merge();
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await db.drop();
});

it('charges the usage above the allowance: the tenant’s share by tenant-days, a FINAL_STATEMENT bill and ledger charge', async () => {
  // 3,700 kWh over the year; a housemate from 1 March: 365 of 549 tenant-days are the first tenant's.
  const house = await planHouse({
    tenants: [FULL_YEAR, { startDate: '2026-03-01', endDate: '2026-08-31' }],
    tariffs: TARIFF,
    meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2025-09-01', 1000], ['2026-08-31', 4700]] }],
  });
  const [first, second] = house.tenantContractIds as [number, number];
  await pay(first, 104_000);

  expect(await finalStatement(first, '2026-08-31')).toMatchObject({ status: 'NOT_DUE' }); // not ended yet on its last day
  const outcome = await finalStatement(first);
  // Used 3700 × 365/549 = 2459.9271 kWh, allowance 2700 × 365/549 = 1795.0820 kWh, excess 664.8451 kWh × 25p
  // = 16621.13 → 16621 + 5% VAT 831 = 17452. Charged 104000 + 17452, paid 104000: 17452 due.
  expect(outcome).toMatchObject({ status: 'ISSUED', excessPence: 17452, balancePence: 17452, creditPence: 0, refundId: null, estimated: false });

  const [bill, ...others] = await finalBills(first);
  expect(others).toEqual([]);
  expect(bill).toMatchObject({ state: 'ISSUED', house_contract_id: house.houseContractId, period_start: '2025-09-01', period_end: '2026-08-31', issue_date: TODAY, due_date: '2026-09-29', net_pence: 16621, vat_pence: 831, total_pence: 17452 });
  expect(await db.knex('bill_lines').where({ bill_id: bill.id })).toEqual([
    expect.objectContaining({
      utility_type: 'electric',
      description: 'Electricity: used 2459.9271 kWh, allowance 1795.0820 kWh, excess 664.8451 kWh',
      estimated: false,
      quantity: '664.845',
      unit_rate: '25.0000',
      net_pence: 16621,
      vat_rate_bp: 500,
      vat_pence: 831,
      total_pence: 17452,
    }),
  ]);
  expect(await ledgerOf(first, 'FINAL_STATEMENT')).toEqual([expect.objectContaining({ amount_pence: 17452, bill_id: bill.id, entry_date: TODAY })]);
  expect(await db.knex('refunds').where({ tenant_contract_id: first })).toEqual([]);
  // Split liability: nothing of it on the housemate.
  expect(await finalBills(second)).toEqual([]);
  expect(await ledgerOf(second, 'FINAL_STATEMENT')).toEqual([]);

  // Unique per tenant contract: a second call does nothing.
  expect(await finalStatement(first)).toEqual({ status: 'ALREADY_ISSUED', tenantContractId: first, billId: bill.id });
  expect(await finalBills(first)).toHaveLength(1);
  expect(await ledgerOf(first, 'FINAL_STATEMENT')).toHaveLength(1);
});

it('refunds a credit: usage within the allowance (a missing read estimated and marked), paid more than charged', async () => {
  // No read near 31 August: the closing read is extrapolated from the last two, 2000 + 800 × 62/121 = 2410.
  const house = await planHouse({
    tenants: [FULL_YEAR],
    tariffs: TARIFF,
    meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2025-09-01', 500], ['2026-03-01', 1200], ['2026-06-30', 2000]] }],
  });
  const [tenant] = house.tenantContractIds as [number];
  await pay(tenant, 110_000);

  const outcome = await finalStatement(tenant);
  expect(outcome).toMatchObject({ status: 'ISSUED', excessPence: 0, balancePence: -6000, creditPence: 6000, estimated: true });
  const [bill] = await finalBills(tenant);
  expect(bill).toMatchObject({ net_pence: 0, vat_pence: 0, total_pence: 0 });
  expect(await db.knex('bill_lines').where({ bill_id: bill.id })).toEqual([
    expect.objectContaining({ description: 'Electricity: used 1910.0000 kWh, allowance 2700.0000 kWh, excess 0.0000 kWh, estimated read', estimated: true, total_pence: 0 }),
  ]);
  // Unused allowance is not refunded (fixed price); the overpayment is, as an ACTIVE refund request.
  expect(await ledgerOf(tenant, 'FINAL_STATEMENT')).toEqual([]);
  const refunds = await db.knex('refunds').where({ tenant_contract_id: tenant });
  expect(refunds).toEqual([expect.objectContaining({ amount_pence: 6000, refund_type: 'FINAL_STATEMENT', status: 'ACTIVE', payment_id: null })]);
  expect(refunds[0].id).toBe(outcome.status === 'ISSUED' ? outcome.refundId : null);

  expect(await finalStatement(tenant)).toMatchObject({ status: 'ALREADY_ISSUED' });
  expect(await db.knex('refunds').where({ tenant_contract_id: tenant })).toHaveLength(1);
});

it('the daily job issues one statement per ended contract, one failure not stopping the others, and is safe to run twice', async () => {
  const good = await planHouse({ tenants: [FULL_YEAR], tariffs: TARIFF, meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2025-09-01', 0], ['2026-08-31', 2700]] }] });
  // No tariff assigned: its usage cannot be priced.
  const broken = await planHouse({ tenants: [FULL_YEAR], tariffs: [], meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2025-09-01', 0], ['2026-08-31', 100]] }] });
  // Ended more than 12 weeks ago, and still running: not due.
  const old = await planHouse({ tenants: [{ startDate: '2025-09-01', endDate: '2026-06-01' }], tariffs: TARIFF, meters: [] });
  const running = await planHouse({ contractStart: '2026-03-01', contractEnd: '2027-02-28', tenants: [{ startDate: '2026-03-01', endDate: '2027-02-28' }], tariffs: [], meters: [] });
  const [goodId, brokenId, oldId, runningId] = [good, broken, old, running].map((house) => house.tenantContractIds[0]!) as [number, number, number, number];

  const sweep = await runFinalStatementJob(db.knex, boss, {});
  expect(sweep).toMatchObject({ today: TODAY, enqueued: expect.any(Number) });
  const jobsOf = (id: number) => boss.findJobs(FINAL_STATEMENTS_QUEUE, { key: finalStatementJobKey(id) });
  expect(await jobsOf(goodId)).toEqual([expect.objectContaining({ data: { tenantContractId: goodId } })]);
  expect(await jobsOf(brokenId)).toHaveLength(1);
  expect(await jobsOf(oldId)).toEqual([]);
  expect(await jobsOf(runningId)).toEqual([]);

  // The sweep again: the contracts' jobs are already queued, nothing is added.
  expect(await runFinalStatementJob(db.knex, boss, {})).toMatchObject({ enqueued: 0 });
  expect(await jobsOf(goodId)).toHaveLength(1);

  // Each contract's job, run twice.
  expect(await runFinalStatementJob(db.knex, boss, { tenantContractId: brokenId })).toMatchObject({ status: 'NOT_BILLABLE', reason: expect.stringContaining('Tariff not found') });
  expect(await runFinalStatementJob(db.knex, boss, { tenantContractId: goodId })).toMatchObject({ status: 'ISSUED', excessPence: 0 });
  expect(await runFinalStatementJob(db.knex, boss, { tenantContractId: goodId })).toMatchObject({ status: 'ALREADY_ISSUED' });
  expect(await finalBills(goodId)).toHaveLength(1);
  expect(await finalBills(brokenId)).toEqual([]);

  // Once issued, a contract is no longer due; the broken one still is (tried again tomorrow).
  const due = await dueFinalStatements(db.knex, TODAY);
  expect(due).not.toContain(goodId);
  expect(due).toContain(brokenId);
});
