import { createTestDatabase, type TestDatabase } from '../../testing';
import { billHousesForRun } from './bill-run-house.service';
import { GOLDEN_HOUSE, MARCH_2026, buildBillHouse, type BuiltHouse, type TestHouse } from './billing-test-data';
import { generateHouseStatement, generateHouseStatements } from './house-statement.service';

/*
 * Bill-run jobs come in batches: many houses are billed in one transaction with set-based reads and writes.
 * A batch must give every house exactly what billing it alone gives, and one bad house must not sink the rest.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const ISSUE_DATE = '2026-04-02';
const oneTenant = [{ startDate: '2025-09-01', endDate: '2026-08-31' }];
const electricTariff = [{ utility: 'electric' as const, unitRate: '25', standingCharge: '50', startDate: '2025-09-01', endDate: '2026-08-31' }];
const BROKEN_METER: TestHouse = { tenants: oneTenant, tariffs: electricTariff, meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2026-03-01', 800], ['2026-03-31', 700]] }] };
/** Moved in on 16 March: its tariff starts that day too, after the period's first day. */
const MID_PERIOD: TestHouse = {
  contractStart: '2026-03-16',
  tenants: [{ startDate: '2026-03-16', endDate: '2026-08-31' }],
  tariffs: [{ utility: 'electric', unitRate: '25', standingCharge: '50', startDate: '2026-03-16', endDate: '2026-08-31' }],
  meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2026-03-16', 100], ['2026-03-31', 260]] }],
};

/** A house's statements as a reader sees them: bills and their lines, without ids. */
async function statementsOf(houseContractId: number) {
  const bills = await db.knex('bills').where({ house_contract_id: houseContractId }).orderBy('id');
  return Promise.all(
    bills.map(async (bill) => ({
      kind: bill.kind,
      period: [bill.period_start, bill.period_end],
      amounts: [bill.net_pence, bill.vat_pence, bill.total_pence],
      // Meter serial numbers differ from house to house; everything else must be the same.
      lines: (await db.knex('bill_lines').where({ bill_id: bill.id }).orderBy('id').select('description', 'quantity', 'days', 'net_pence', 'vat_pence', 'total_pence')).map((line) => ({
        ...line,
        description: String(line.description).replace(/ S\d+/, ' <serial>'),
      })),
      ledger: await db.knex('ledger_entries').where({ bill_id: bill.id }).select('kind', 'amount_pence', 'entry_date'),
    })),
  );
}

it('gives every house of a batch the statement it gets when billed alone, and says why the others cannot be billed', async () => {
  const specs = [GOLDEN_HOUSE, BROKEN_METER, MID_PERIOD, GOLDEN_HOUSE];
  const alone = await Promise.all(specs.map((spec) => buildBillHouse(db.knex, spec)));
  const batched = await Promise.all(specs.map((spec) => buildBillHouse(db.knex, spec)));
  for (const house of alone) await db.knex.transaction((trx) => generateHouseStatement(trx, { houseContractId: house.houseContractId, ...MARCH_2026, issueDate: ISSUE_DATE }));

  const requests = batched.map((house) => ({ houseContractId: house.houseContractId, ...MARCH_2026, issueDate: ISSUE_DATE }));
  // The first house asked twice in one batch (a replayed job): one statement, the second answer ALREADY_BILLED.
  const outcomes = await db.knex.transaction((trx) => generateHouseStatements(trx, [...requests, requests[0]!]));

  expect(outcomes.map((outcome) => outcome.status)).toEqual(['BILLED', 'NOT_BILLABLE', 'BILLED', 'BILLED', 'ALREADY_BILLED']);
  expect(outcomes[0]).toMatchObject({ totalPence: 18080 });
  expect(outcomes[1]).toMatchObject({ billingStatus: 'METER_ISSUE', reason: expect.stringContaining('closing read is lower') });
  expect(outcomes[4]).toEqual({ status: 'ALREADY_BILLED', houseBillId: (outcomes[0] as { houseBillId: number }).houseBillId });
  for (const [index, house] of batched.entries()) {
    expect(await statementsOf(house.houseContractId)).toEqual(await statementsOf(alone[index]!.houseContractId));
  }
  // The house that moved in mid-month is billed for its 16 days only.
  expect((await statementsOf(batched[2]!.houseContractId))[0]!.lines).toContainEqual(expect.objectContaining({ description: 'Electricity standing charge, 16 days', days: 16 }));
  const statusOf = async (house: BuiltHouse) => (await db.knex('house_contracts').where({ id: house.houseContractId }).first('billing_status')).billing_status;
  expect(await Promise.all(batched.map(statusOf))).toEqual(['BILL_SENT', 'METER_ISSUE', 'BILL_SENT', 'BILL_SENT']);
});

async function runOf(houses: readonly BuiltHouse[], requestedBy: number | null = null): Promise<number> {
  const [run] = await db.knex('bill_runs').insert({ group_id: 1, requested_by: requestedBy, ...{ period_start: MARCH_2026.periodStart, period_end: MARCH_2026.periodEnd }, issue_date: ISSUE_DATE, status: 'RUNNING', started_at: db.knex.fn.now(), houses_total: houses.length, houses_remaining: houses.length }).returning('id');
  await db.knex('bill_run_houses').insert(houses.map((house) => ({ group_id: 1, bill_run_id: run.id, house_contract_id: house.houseContractId })));
  return Number(run.id);
}

it('bills the rest of a batch when one house has a tenant already billed for the period, and counts every house on the run', async () => {
  // Built one after the other: contract ids in this order.
  const houses: BuiltHouse[] = [];
  for (const spec of [GOLDEN_HOUSE, GOLDEN_HOUSE, BROKEN_METER]) houses.push(await buildBillHouse(db.knex, spec));
  const clash = houses[1]!;
  // A statement of the second house's first tenant for March, issued outside any house statement.
  await db.knex('bills').insert({ group_id: 1, kind: 'TENANT_STATEMENT', tenant_contract_id: clash.tenantContractIds[0], house_contract_id: clash.houseContractId, period_start: '2026-03-01', period_end: '2026-03-31', issue_date: ISSUE_DATE, due_date: '2026-04-16', net_pence: 100, vat_pence: 5, total_pence: 105 });
  const [role] = await db.knex('backoffice_roles').insert({ name: 'Billing', permissions: { billing: 'WRITE' } }).returning('id');
  const [runner] = await db.knex('users').insert({ email: 'runner@billing.test', first_name: 'Rita', last_name: 'Runner', role: 'backoffice', backoffice_role_id: role.id, all_groups: true }).returning('id');
  const billRunId = await runOf(houses, runner.id);
  const jobs = houses.map((house) => ({ billRunId, houseContractId: house.houseContractId, ...MARCH_2026 }));

  const results = await billHousesForRun(db.knex, [...jobs, { billRunId, houseContractId: 999_999, ...MARCH_2026 }]);

  expect(results.map((result) => ('outcome' in result ? [result.outcome.status, result.outcome.billingStatus ?? null] : 'error'))).toEqual([
    ['DONE', 'BILL_SENT'],
    ['FAILED', 'BALANCE_ISSUE'],
    ['FAILED', 'METER_ISSUE'],
    ['SKIPPED', null],
  ]);
  expect(await db.knex('bills').where({ house_contract_id: houses[0]!.houseContractId, kind: 'HOUSE_STATEMENT' })).toHaveLength(1);
  expect(await db.knex('bills').where({ house_contract_id: clash.houseContractId, kind: 'HOUSE_STATEMENT' })).toHaveLength(0);
  expect(await db.knex('bill_runs').where({ id: billRunId }).first()).toMatchObject({ status: 'COMPLETED_WITH_FAILURES', houses_done: 1, houses_failed: 2, houses_remaining: 0 });
  const recorded = await db.knex('bill_run_houses').where({ bill_run_id: billRunId }).orderBy('house_contract_id').select('status', 'billing_status', 'error', 'attempts');
  expect(recorded).toEqual([
    { status: 'DONE', billing_status: 'BILL_SENT', error: null, attempts: 1 },
    { status: 'FAILED', billing_status: 'BALANCE_ISSUE', error: 'A tenant already has a statement for the period', attempts: 1 },
    { status: 'FAILED', billing_status: 'METER_ISSUE', error: expect.stringContaining('closing read is lower'), attempts: 1 },
  ]);

  // The same jobs delivered again: nothing new, the done house stays DONE, the run's counts do not move.
  const before = Number((await db.knex('bills').count({ n: '*' }))[0]!.n);
  const again = await billHousesForRun(db.knex, jobs);
  expect(again.map((result) => 'outcome' in result && result.outcome.status)).toEqual(['DONE', 'FAILED', 'FAILED']);
  expect(Number((await db.knex('bills').count({ n: '*' }))[0]!.n)).toBe(before);
  expect(await db.knex('bill_runs').where({ id: billRunId }).first()).toMatchObject({ houses_done: 1, houses_failed: 2, houses_remaining: 0 });

  // The billed house's tenants are told their statement is ready; nobody of the houses that failed is.
  const told = await db.knex('notifications').where({ type: 'STATEMENT_ISSUED' }).select('user_id', 'message');
  const billedTenants = await db.knex('tenant_contracts').where({ house_contract_id: houses[0]!.houseContractId }).pluck('user_id');
  expect(told.map((n) => n.user_id).sort()).toEqual([...billedTenants].sort());
  expect(told[0]!.message).toMatch(/^Your statement for 1 March 2026 to 31 March 2026 is ready: £\d[\d,]*\.\d\d\.$/);

  // The staff member who started the run is told once that it finished, with a link to it.
  expect(await db.knex('notifications').where({ user_id: runner.id }).select('title', 'message', 'notification_type', 'actions')).toEqual([
    {
      title: 'Bill run finished with failures',
      message: `Bill run ${billRunId} from 2026-03-01: 1 houses billed, 0 already billed, 2 failed.`,
      notification_type: 'WARNING',
      actions: [{ key: 'goToPage', type: 'goToPage', title: 'Open the bill run', action: { link: `/admin/1/BillRun/${billRunId}/show`, title: 'Open the bill run' } }],
    },
  ]);
});
