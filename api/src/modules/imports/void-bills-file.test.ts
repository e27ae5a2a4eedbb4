import request from 'supertest';
import { startApiHarness, type ApiHarness } from '../../testing';
import { GOLDEN_HOUSE, MARCH_2026, buildBillHouse } from '../billing/billing-test-data';
import { generateHouseStatement } from '../billing/house-statement.service';

/*
 * POST /api/v2/uploads/void-energy-bills: a file of bills to void, each through the statement void of the back
 * office (its rules, the whole set, the ledger reversals, the audit), in a transaction of its own, with a result
 * per row; the same file again voids nothing twice; another group's bill is refused as not found.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  readonly = await api.signIn('readonly@demo.test');
});
afterAll(() => api.stop());

async function billedHouse(groupId = 1): Promise<{ houseBillId: number; tenantBillIds: number[] }> {
  const house = await buildBillHouse(api.db.knex, { ...GOLDEN_HOUSE, groupId });
  const outcome = await api.db.knex.transaction((trx) => generateHouseStatement(trx, { houseContractId: house.houseContractId, ...MARCH_2026, issueDate: '2026-04-02' }));
  if (outcome.status !== 'BILLED') throw new Error(`not billed: ${JSON.stringify(outcome)}`);
  return { houseBillId: outcome.houseBillId, tenantBillIds: outcome.tenantBillIds };
}

const send = (body: string, { token = staff, query = '', type = 'text/csv', group = '1' } = {}) =>
  request(api.app.express)
    .post(`/api/v2/uploads/void-energy-bills${query}`)
    .set({ Authorization: `Bearer ${token}`, 'X-Group-ID': group, 'Content-Type': type, 'X-File-Name': 'void.csv' })
    .send(Buffer.from(body));

const states = async (ids: number[]) => (await api.db.knex('bills').whereIn('id', ids).orderBy('id').select('state')).map((row: { state: string }) => row.state);

it('voids each listed statement set with its reason and says per row what happened; the same file again voids nothing twice', async () => {
  const first = await billedHouse();
  const second = await billedHouse();
  const file = `bill,reason\n${first.houseBillId},Wrong closing read\n${second.tenantBillIds[0]},Tenant left early\nABC,typo\n999999999,Unknown\n${first.houseBillId},Again\n`;
  const res = await send(file);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ voided: 2, refused: 3 });
  expect(res.body.rows.map((row: { row: number; outcome: string; message: string }) => [row.row, row.outcome, row.message])).toEqual([
    [2, 'VOIDED', `Voided ${1 + first.tenantBillIds.length} statements`],
    [3, 'VOIDED', `Voided ${1 + second.tenantBillIds.length} statements`],
    [4, 'REFUSED', 'Bill void error: the bill column holds a bill number'],
    [5, 'REFUSED', 'Bill void error: There is no such bill in this group'],
    [6, 'REFUSED', 'Bill void error: The statement is already void'],
  ]);
  expect(await states([first.houseBillId, ...first.tenantBillIds, second.houseBillId, ...second.tenantBillIds])).toEqual(Array(2 + first.tenantBillIds.length + second.tenantBillIds.length).fill('VOID'));
  const reversals = Number((await api.db.knex('ledger_entries').whereIn('bill_id', [...first.tenantBillIds, ...second.tenantBillIds]).where({ kind: 'VOID' }).count({ n: '*' }))[0]!.n);
  const audits = Number((await api.db.knex('audit_log').where({ entity: 'bills', entity_id: String(first.houseBillId), action: 'UPDATE' }).count({ n: '*' }))[0]!.n);

  const again = await send(file);
  expect(again.body).toMatchObject({ voided: 0, refused: 5 });
  expect(Number((await api.db.knex('ledger_entries').whereIn('bill_id', [...first.tenantBillIds, ...second.tenantBillIds]).where({ kind: 'VOID' }).count({ n: '*' }))[0]!.n)).toBe(reversals);
  expect(Number((await api.db.knex('audit_log').where({ entity: 'bills', entity_id: String(first.houseBillId), action: 'UPDATE' }).count({ n: '*' }))[0]!.n)).toBe(audits);
});

it('takes one reason for every row from the request, and refuses a row without any', async () => {
  const bill = await billedHouse();
  const other = await billedHouse();
  expect((await send(`bill\n${bill.houseBillId}\n`, { query: '?reason=Meter%20swapped' })).body.rows[0]).toMatchObject({ outcome: 'VOIDED' });
  expect((await api.db.knex('bills').where({ id: bill.houseBillId }).first('void_reason')).void_reason).toBe('Meter swapped');
  const missing = await send(`bill,reason\n${other.houseBillId},\n`);
  expect(missing.body.rows[0]).toMatchObject({ outcome: 'REFUSED', message: 'Bill void error: Give the reason for voiding the statement' });
  expect(await states([other.houseBillId])).toEqual(['ISSUED']);
});

it("refuses another group's bill as not found, and leaves it issued", async () => {
  const theirs = await billedHouse(2);
  const res = await send(`bill,reason\n${theirs.houseBillId},Not ours\n`);
  expect(res.body.rows[0]).toMatchObject({ outcome: 'REFUSED', message: 'Bill void error: There is no such bill in this group' });
  expect(await states([theirs.houseBillId])).toEqual(['ISSUED']);
});

it('refuses a file it cannot use with the field and rule named, and voids nothing', async () => {
  const bill = await billedHouse();
  const cases: Array<[ReturnType<typeof send>, number, string]> = [
    [send(`invoice,reason\n${bill.houseBillId},x\n`), 400, 'file:upload'],
    [send('bill,reason\n'), 400, 'file:upload'],
    [send(`bill\n${bill.houseBillId}\n`), 400, 'reason:required'],
    [send('bill,reason\n' + Array.from({ length: 1001 }, (_, i) => `${i + 1},x`).join('\n')), 400, 'file:upload'],
    [send('%PDF', { type: 'application/pdf' }), 400, 'file:upload'],
    [send(`bill,reason\n${bill.houseBillId},x\n`, { group: '' }), 400, 'X-Group-ID:required'],
  ];
  for (const [req, status, field] of cases) {
    const res = await req;
    expect([res.status, `${res.body.error.fields?.[0]?.field}:${res.body.error.fields?.[0]?.rule}`]).toEqual([status, field]);
  }
  expect((await send(`bill,reason\n${bill.houseBillId},x\n`, { token: readonly })).status).toBe(403);
  expect(await states([bill.houseBillId])).toEqual(['ISSUED']);
});
