import { DomainError } from '../../errors/domain-error';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { GOLDEN_HOUSE, MARCH_2026, buildBillHouse, type BuiltHouse } from './billing-test-data';
import { generateHouseStatement } from './house-statement.service';
import { reissueStatement } from './reissue-statement.service';
import { voidStatement } from './void-statement.service';

/*
 * Voiding and re-issuing BILL statements: the set is voided together, each tenant's charge is reversed on
 * their ledger, a re-issue replaces the voided bills from today's readings, and a re-issue that cannot be
 * made leaves everything as it was ("Bill save failed").
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const GROUP = 1;
const caller = () => ({ db: db.knex, userId: null, groupId: GROUP });

async function billedHouse(): Promise<{ house: BuiltHouse; houseBillId: number; tenantBillIds: number[] }> {
  const house = await buildBillHouse(db.knex, GOLDEN_HOUSE);
  const outcome = await db.knex.transaction((trx) => generateHouseStatement(trx, { houseContractId: house.houseContractId, ...MARCH_2026, issueDate: '2026-04-02' }));
  if (outcome.status !== 'BILLED') throw new Error(`not billed: ${JSON.stringify(outcome)}`);
  return { house, houseBillId: outcome.houseBillId, tenantBillIds: outcome.tenantBillIds };
}

const balance = async (tenantContractId: number) => {
  const [row] = await db.knex('ledger_entries').where({ tenant_contract_id: tenantContractId }).sum({ sum: 'amount_pence' });
  return Number(row?.sum ?? 0);
};
const billsOf = (houseContractId: number) => db.knex('bills').where({ house_contract_id: houseContractId }).orderBy('id').select('id', 'kind', 'state', 'void_reason', 'voided_at', 'replaces_bill_id', 'tenant_contract_id', 'total_pence');

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

it('voids a house statement with its tenant statements, reverses each charge on the ledger and audits it', async () => {
  const { house, houseBillId, tenantBillIds } = await billedHouse();
  expect(await balance(house.tenantContractIds[0]!)).toBe(10779);

  const voided = await voidStatement(caller(), { billId: houseBillId, reason: '  Wrong closing read  ' });
  expect(voided.map((bill) => bill.id)).toEqual([houseBillId, ...tenantBillIds]);
  const bills = await billsOf(house.houseContractId);
  expect(bills.every((bill) => bill.state === 'VOID' && bill.void_reason === 'Wrong closing read' && bill.voided_at !== null)).toBe(true);

  // The house's bill is being worked on again until it is re-issued.
  expect(await db.knex('house_contracts').where({ id: house.houseContractId }).first('billing_status')).toEqual({ billing_status: 'IN_PROGRESS' });
  // The tenants owe nothing for March any more: a VOID entry takes each STATEMENT charge off.
  expect(await balance(house.tenantContractIds[0]!)).toBe(0);
  expect(await balance(house.tenantContractIds[1]!)).toBe(0);
  const voids = await db.knex('ledger_entries').whereIn('bill_id', tenantBillIds).where({ kind: 'VOID' }).orderBy('id');
  expect(voids.map((entry) => [entry.bill_id, entry.amount_pence])).toEqual([
    [tenantBillIds[0], -10779],
    [tenantBillIds[1], -7301],
  ]);
  const audit = await db.knex('audit_log').where({ entity: 'bills', action: 'UPDATE' }).whereIn('entity_id', [houseBillId, ...tenantBillIds].map(String));
  expect(audit).toHaveLength(3);
  expect(audit[0].after).toMatchObject({ state: 'VOID', voidReason: 'Wrong closing read' });

  const again = await refusal(voidStatement(caller(), { billId: tenantBillIds[0]!, reason: 'again' }));
  expect(again).toMatchObject({ code: 'CONFLICT', message: 'Bill void error: The statement is already void', details: { fields: [{ field: 'billId', rule: 'issued' }] } });
  expect(await db.knex('ledger_entries').whereIn('bill_id', tenantBillIds).where({ kind: 'VOID' })).toHaveLength(2);
});

it('voids the whole set when staff void one tenant statement of it', async () => {
  const { house, tenantBillIds } = await billedHouse();
  await voidStatement(caller(), { billId: tenantBillIds[1]!, reason: 'Tenant moved in later' });
  expect((await billsOf(house.houseContractId)).map((bill) => bill.state)).toEqual(['VOID', 'VOID', 'VOID']);
});

it('refuses a missing reason, an unknown bill, another group’s bill and a bill that is not a statement, writing nothing', async () => {
  const { house, houseBillId } = await billedHouse();
  expect(await refusal(voidStatement(caller(), { billId: houseBillId, reason: '   ' }))).toMatchObject({ code: 'BAD_USER_INPUT', details: { fields: [{ field: 'reason', rule: 'required' }] } });
  expect(await refusal(voidStatement(caller(), { billId: 99_999_999, reason: 'x' }))).toMatchObject({ code: 'NOT_FOUND', message: 'Bill void error: There is no such bill in this group' });
  expect(await refusal(voidStatement({ ...caller(), groupId: 2 }, { billId: houseBillId, reason: 'x' }))).toMatchObject({ code: 'NOT_FOUND' });
  const [energyBill] = await db
    .knex('bills')
    .insert({ group_id: GROUP, kind: 'ENERGY_BILL', house_contract_id: house.houseContractId, period_start: '2026-03-01', period_end: '2026-03-31', issue_date: '2026-04-01', due_date: '2026-04-15', net_pence: 100, vat_pence: 5, total_pence: 105 })
    .returning('id');
  expect(await refusal(voidStatement(caller(), { billId: Number(energyBill.id), reason: 'x' }))).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/^Bill void error: Only house and tenant statements/) });
  expect((await billsOf(house.houseContractId)).filter((bill) => bill.state === 'ISSUED')).toHaveLength(4);
});

it('re-issues from today’s readings: the old set voided, new statements replacing each voided bill, the ledger charged once', async () => {
  const { house, houseBillId, tenantBillIds } = await billedHouse();
  // The closing electricity read is corrected after the statement went out: 250.5 kWh becomes 300.5 kWh.
  await db.knex('meter_readings').where({ meter_id: house.meterIds[0], reading_date: '2026-03-31' }).update({ value: '10300.5' });

  const result = await reissueStatement(caller(), { billId: houseBillId, reason: 'Corrected closing read' });
  expect(result.voided.map((bill) => bill.id)).toEqual([houseBillId, ...tenantBillIds]);
  expect(result.emailsQueued).toBe(0);
  const bills = await billsOf(house.houseContractId);
  const issued = bills.filter((bill) => bill.state === 'ISSUED');
  expect(issued.map((bill) => [bill.id, bill.replaces_bill_id])).toEqual([
    [result.houseBillId, houseBillId],
    [result.tenantBillIds[0], tenantBillIds[0]],
    [result.tenantBillIds[1], tenantBillIds[1]],
  ]);
  // 50 kWh more × 24.5p = 1225 + 5% VAT 61: the house pays 18080 + 1286.
  expect(issued[0]!.total_pence).toBe(18080 + 1286);
  // Each tenant's balance is the new statement only: old charge + its reversal + new charge.
  expect(await balance(house.tenantContractIds[0]!)).toBe(issued[1]!.total_pence);
  expect(await balance(house.tenantContractIds[1]!)).toBe(issued[2]!.total_pence);
  expect(await db.knex('bills').where({ id: result.houseBillId }).first('issue_date')).toEqual({ issue_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

  // The voided set is replaced once: re-issuing it again is refused.
  const twice = await refusal(reissueStatement(caller(), { billId: houseBillId }));
  expect(twice).toMatchObject({ code: 'CONFLICT', message: `Bill save failed: The statement has already been re-issued (bill ${result.houseBillId})` });
});

it('re-issues a statement voided earlier without asking for a reason again', async () => {
  const { house, houseBillId } = await billedHouse();
  await voidStatement(caller(), { billId: houseBillId, reason: 'Disputed' });
  const result = await reissueStatement(caller(), { billId: houseBillId });
  expect(result.voided).toEqual([]);
  expect((await billsOf(house.houseContractId)).filter((bill) => bill.state === 'ISSUED').map((bill) => bill.id)).toEqual([result.houseBillId, ...result.tenantBillIds]);
});

it('rolls everything back with "Bill save failed" when the statement cannot be made again', async () => {
  const { house, houseBillId } = await billedHouse();
  await db.knex('house_contracts').where({ id: house.houseContractId }).update({ billing_type: 'PLAN', plan_type: 'LITE' });
  const error = await refusal(reissueStatement(caller(), { billId: houseBillId, reason: 'Re-read' }));
  expect(error).toMatchObject({ code: 'CONFLICT', message: 'Bill save failed: The house contract is not billed by meter readings (billing type PLAN)', details: { fields: [{ field: 'billId', rule: 'billable' }] } });
  // Nothing was voided, no reversal posted, the billing status is untouched.
  expect((await billsOf(house.houseContractId)).map((bill) => bill.state)).toEqual(['ISSUED', 'ISSUED', 'ISSUED']);
  expect(await db.knex('ledger_entries').whereIn('tenant_contract_id', house.tenantContractIds).where({ kind: 'VOID' })).toEqual([]);
  expect(await db.knex('house_contracts').where({ id: house.houseContractId }).first('billing_status')).toEqual({ billing_status: 'BILL_SENT' });
  expect(await balance(house.tenantContractIds[0]!)).toBe(10779);
});
