import { createQueues } from '../../jobs/create-queues';
import { ALL_QUEUES } from '../../jobs/queues';
import { startApiHarness, type ApiHarness } from '../../testing';
import { GOLDEN_HOUSE, MARCH_2026, buildBillHouse } from './billing-test-data';
import { generateHouseStatement } from './house-statement.service';

/*
 * Void and re-issue over GraphQL as the back office calls them: billing WRITE in the X-Group-ID group, the
 * reason required, the new tenant statements e-mailed like a run's.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
const GROUP = { 'X-Group-ID': '2' };

const VOID = /* GraphQL */ `
  mutation ($billId: ID!, $reason: String!) {
    voidStatement(billId: $billId, reason: $reason) { id kind state voidReason }
  }
`;
const REISSUE = /* GraphQL */ `
  mutation ($billId: ID!, $reason: String) {
    reissueStatement(billId: $billId, reason: $reason) {
      voided { id state }
      houseStatement { id state replacesBillId totalPence }
      tenantStatements { id replacesBillId }
      emailsQueued
    }
  }
`;

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, ALL_QUEUES);
  [staff, readonly] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test')]);
});
afterAll(() => api.stop());

async function billedHouse() {
  const house = await buildBillHouse(api.db.knex, { ...GOLDEN_HOUSE, groupId: 2 });
  const outcome = await api.db.knex.transaction((trx) => generateHouseStatement(trx, { houseContractId: house.houseContractId, ...MARCH_2026, issueDate: '2026-04-02' }));
  if (outcome.status !== 'BILLED') throw new Error('not billed');
  return { house, houseBillId: String(outcome.houseBillId), tenantBillIds: outcome.tenantBillIds.map(String) };
}

it('re-issues a statement: the old set voided, the new one replacing it, each new tenant statement e-mailed', async () => {
  const { houseBillId, tenantBillIds } = await billedHouse();
  const res = await api.graphql(REISSUE, { billId: houseBillId, reason: 'Tariff corrected' }, staff, GROUP);
  expect(res.body.errors).toBeUndefined();
  const result = res.body.data.reissueStatement;
  expect(result.voided).toEqual([houseBillId, ...tenantBillIds].map((id) => ({ id, state: 'VOID' })));
  expect(result.houseStatement).toMatchObject({ state: 'ISSUED', replacesBillId: houseBillId, totalPence: 18080 });
  expect(result.tenantStatements.map((bill: { replacesBillId: string }) => bill.replacesBillId)).toEqual(tenantBillIds);
  expect(result.emailsQueued).toBe(2);
  expect(await api.boss.findJobs('billing.statement-email', { data: { houseBillIds: [Number(result.houseStatement.id)] } })).toHaveLength(1);
});

it('voids with the reason, and answers a second void with "Bill void error"', async () => {
  const { houseBillId, tenantBillIds } = await billedHouse();
  const res = await api.graphql(VOID, { billId: tenantBillIds[0], reason: 'Sent to the wrong tenant' }, staff, GROUP);
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.voidStatement).toEqual([
    { id: houseBillId, kind: 'HOUSE_STATEMENT', state: 'VOID', voidReason: 'Sent to the wrong tenant' },
    ...tenantBillIds.map((id) => ({ id, kind: 'TENANT_STATEMENT', state: 'VOID', voidReason: 'Sent to the wrong tenant' })),
  ]);
  const again = await api.graphql(VOID, { billId: houseBillId, reason: 'again' }, staff, GROUP);
  expect(again.body.errors[0]).toMatchObject({ message: 'Bill void error: The statement is already void', extensions: { code: 'CONFLICT' } });
});

it('needs a reason and billing WRITE in the bill’s group', async () => {
  const { houseBillId } = await billedHouse();
  const blank = await api.graphql(VOID, { billId: houseBillId, reason: ' ' }, staff, GROUP);
  expect(blank.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'reason', rule: 'required', message: 'Give the reason for voiding the statement' }] });
  expect((await api.graphql(VOID, { billId: houseBillId, reason: 'x' }, readonly, GROUP)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await api.graphql(REISSUE, { billId: houseBillId, reason: 'x' }, readonly, GROUP)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await api.graphql(VOID, { billId: houseBillId, reason: 'x' }, staff, { 'X-Group-ID': '3' })).body.errors[0].extensions.code).toBe('NOT_FOUND');
  expect(await api.db.knex('bills').where({ id: houseBillId }).first('state')).toEqual({ state: 'ISSUED' });
});
