import { createTestDatabase, type TestDatabase } from '../../testing';
import { GOLDEN_HOUSE, MARCH_2026, buildBillHouse } from './billing-test-data';
import { generateHouseStatement } from './house-statement.service';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const issue = (houseContractId: number, period = MARCH_2026) =>
  db.knex.transaction((trx) => generateHouseStatement(trx, { houseContractId, ...period, issueDate: '2026-04-02' }));
const billsOf = (houseContractId: number) => db.knex('bills').where({ house_contract_id: houseContractId }).orderBy('id');
const linesOf = (billId: number) =>
  db.knex('bill_lines').where({ bill_id: billId }).orderBy('id').select('description', 'register', 'opening_read', 'closing_read', 'estimated', 'quantity', 'unit_rate', 'days', 'standing_charge', 'net_pence', 'vat_rate_bp', 'vat_pence', 'total_pence');

it('issues the golden statement to the penny: house lines, tenant shares by days, ledger charges, BILL_SENT', async () => {
  const house = await buildBillHouse(db.knex, GOLDEN_HOUSE);
  const outcome = await issue(house.houseContractId);
  expect(outcome).toMatchObject({ status: 'BILLED', totalPence: 18080, estimated: false });

  const [houseBill, first, second, ...rest] = await billsOf(house.houseContractId);
  expect(rest).toEqual([]);
  expect(houseBill).toMatchObject({ kind: 'HOUSE_STATEMENT', state: 'ISSUED', tenant_contract_id: null, period_start: '2026-03-01', period_end: '2026-03-31', issue_date: '2026-04-02', due_date: '2026-04-16', net_pence: 17219, vat_pence: 861, total_pence: 18080 });
  // 250.5 kWh × 24.5p = 6137.25 → 6137 + 5% 307; 120 m³ → 1346.476 kWh × 6.1234p = 8244.98 → 8245 + 412;
  // 31 days × 60.1p = 1863.1 → 1863 + 93; 31 days × 31.43p = 974.33 → 974 + 49.
  expect(await linesOf(houseBill.id)).toEqual([
    expect.objectContaining({ register: 'SINGLE', opening_read: '10000.000', closing_read: '10250.500', estimated: false, quantity: '250.500', unit_rate: '24.5000', net_pence: 6137, vat_rate_bp: 500, vat_pence: 307, total_pence: 6444 }),
    expect.objectContaining({ register: 'SINGLE', opening_read: '5000.000', closing_read: '5120.000', estimated: false, quantity: '1346.476', unit_rate: '6.1234', net_pence: 8245, vat_pence: 412, total_pence: 8657 }),
    expect.objectContaining({ description: 'Electricity standing charge, 31 days', days: 31, standing_charge: '60.1000', net_pence: 1863, vat_pence: 93, total_pence: 1956 }),
    expect.objectContaining({ description: 'Gas standing charge, 31 days', days: 31, standing_charge: '31.4300', net_pence: 974, vat_pence: 49, total_pence: 1023 }),
  ]);

  // 52 tenant-days: the first tenant 31, the second (moved in on 11 March) 21; each line's net and VAT split on its own.
  expect(first).toMatchObject({ kind: 'TENANT_STATEMENT', tenant_contract_id: house.tenantContractIds[0], parent_bill_id: houseBill.id, net_pence: 10266, vat_pence: 513, total_pence: 10779, due_date: '2026-04-16' });
  expect(second).toMatchObject({ kind: 'TENANT_STATEMENT', tenant_contract_id: house.tenantContractIds[1], parent_bill_id: houseBill.id, net_pence: 6953, vat_pence: 348, total_pence: 7301 });
  expect((await linesOf(second.id)).map((line) => line.total_pence)).toEqual([2478 + 124, 3330 + 166, 752 + 38, 393 + 20]);

  const ledger = await db.knex('ledger_entries').whereIn('tenant_contract_id', house.tenantContractIds).orderBy('id');
  expect(ledger).toEqual([
    expect.objectContaining({ tenant_contract_id: house.tenantContractIds[0], kind: 'STATEMENT', amount_pence: 10779, bill_id: first.id, entry_date: '2026-04-02' }),
    expect.objectContaining({ tenant_contract_id: house.tenantContractIds[1], kind: 'STATEMENT', amount_pence: 7301, bill_id: second.id }),
  ]);
  expect(await db.knex('house_contracts').where({ id: house.houseContractId }).first('billing_status')).toEqual({ billing_status: 'BILL_SENT' });
});

it('is already billed the second time, and two at once issue one statement', async () => {
  const house = await buildBillHouse(db.knex, GOLDEN_HOUSE);
  const outcomes = await Promise.all([issue(house.houseContractId), issue(house.houseContractId)]);
  expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['ALREADY_BILLED', 'BILLED']);
  expect(await issue(house.houseContractId)).toMatchObject({ status: 'ALREADY_BILLED' });
  expect(await billsOf(house.houseContractId)).toHaveLength(3);
  expect(await db.knex('ledger_entries').whereIn('tenant_contract_id', house.tenantContractIds)).toHaveLength(2);
});

it('estimates a missing closing read from the reads before it and marks the line estimated', async () => {
  const house = await buildBillHouse(db.knex, {
    tenants: [{ startDate: '2025-09-01', endDate: '2026-08-31' }],
    meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2026-01-31', 9000], ['2026-02-28', 9280]] }],
    tariffs: [{ utility: 'electric', unitRate: '25', standingCharge: '50', startDate: '2025-09-01', endDate: '2026-08-31' }],
  });
  expect(await issue(house.houseContractId)).toMatchObject({ status: 'BILLED', estimated: true });
  const [houseBill] = await billsOf(house.houseContractId);
  const [metered] = await linesOf(houseBill.id);
  // 10 kWh a day from the two reads: 9280 + 31 × 10 on 31 March; 310 kWh × 25p = 7750 + 388.
  expect(metered).toMatchObject({ opening_read: '9280.000', closing_read: '9590.000', estimated: true, quantity: '310.000', net_pence: 7750, vat_pence: 388 });
  expect(metered!.description).toContain('estimated read');
});

it('prices a dual-rate meter per register', async () => {
  const house = await buildBillHouse(db.knex, {
    tenants: [{ startDate: '2025-09-01', endDate: '2026-08-31' }],
    meters: [
      {
        utility: 'electric',
        rateType: 'DUAL',
        reads: [
          ['2026-03-01', 100, 'DAY'],
          ['2026-03-31', 300, 'DAY'],
          ['2026-03-01', 50, 'NIGHT'],
          ['2026-03-31', 150, 'NIGHT'],
        ],
      },
    ],
    tariffs: [{ utility: 'electric', unitRate: '30', nightUnitRate: '15', standingCharge: '40', startDate: '2025-09-01', endDate: '2026-08-31' }],
  });
  expect(await issue(house.houseContractId)).toMatchObject({ status: 'BILLED', totalPence: 6000 + 300 + 1500 + 75 + 1240 + 62 });
});

it.each([
  ['a closing read below the opening read', 'METER_ISSUE', { meters: [{ utility: 'electric' as const, rateType: 'SINGLE' as const, reads: [['2026-03-01', 500], ['2026-03-31', 400]] as Array<[string, number]> }] }, 'closing read is lower'],
  ['no meter', 'METER_ISSUE', { meters: [] }, 'Meter not found'],
  ['no read to start from', 'READ_NEEDED', { meters: [{ utility: 'electric' as const, rateType: 'SINGLE' as const, reads: [] }] }, 'estimated read cannot be generated'],
  ['no tariff for the period', 'SUPPLY_ISSUE', { tariffs: [{ utility: 'electric' as const, unitRate: '25', standingCharge: '50', startDate: '2025-09-01', endDate: '2026-03-15' }] }, 'Tariff not found'],
])('does not bill a house with %s: billing status %s, no bill', async (_case, billingStatus, override, reason) => {
  const house = await buildBillHouse(db.knex, {
    tenants: [{ startDate: '2025-09-01', endDate: '2026-08-31' }],
    meters: [{ utility: 'electric', rateType: 'SINGLE', reads: [['2026-03-01', 100], ['2026-03-31', 200]] }],
    tariffs: [{ utility: 'electric', unitRate: '25', standingCharge: '50', startDate: '2025-09-01', endDate: '2026-08-31' }],
    ...override,
  });
  const outcome = await issue(house.houseContractId);
  expect(outcome).toMatchObject({ status: 'NOT_BILLABLE', billingStatus, reason: expect.stringContaining(reason) });
  expect(await billsOf(house.houseContractId)).toEqual([]);
  expect(await db.knex('house_contracts').where({ id: house.houseContractId }).first('billing_status')).toEqual({ billing_status: billingStatus });
});
