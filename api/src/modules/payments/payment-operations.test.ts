import request from 'supertest';
import { startApiHarness, type ApiHarness } from '../../testing';
import { requestTopUp } from './top-ups.service';

/*
 * The staff and operator operations around payments: bulk schedule deletion (at most 100, own group only,
 * audited), the non-production simulate-external-payment route (WRITE on payments, once per external id),
 * bank holidays for the front ends, and a tenant's top-up request (office hours, own house, prepayment meter).
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
let tenant: string;
let contract: { id: number; house_contract_id: number; user_id: number };
const GROUP2 = { 'X-Group-ID': '2' };
const DELETE = /* GraphQL */ `mutation ($ids: [ID!]!) { deletePaymentSchedules(ids: $ids) }`;

beforeAll(async () => {
  api = await startApiHarness();
  [staff, readonly, tenant] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test'), api.signIn('group2tenant@demo.test')]);
  contract = await api.db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('u.email', 'group2tenant@demo.test').first('tc.id', 'tc.house_contract_id', 'tc.user_id');
});
afterAll(() => api.stop());

const schedule = async (groupId: number, tenantContractId: number) => {
  const [row] = await api.db.knex('payment_schedules').insert({ group_id: groupId, tenant_contract_id: tenantContractId, kind: 'REGULAR_PAYMENT', schedule_type: 'MONTHLY', start_date: '2027-01-01', amount_pence: 5_000, payment_day: 1 }).returning('id');
  return String(row.id);
};

describe('deleting payment schedules', () => {
  it('refuses more than 100 at once with the specification message', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => String(i + 1));
    const res = await api.graphql(DELETE, { ids }, staff, GROUP2);
    expect(res.body.errors[0].extensions.fields).toEqual([{ field: 'ids', rule: 'scheduleDeletion', message: 'Cannot delete more than 100 schedules.' }]);
  });

  it("deletes the group's schedules with an audit entry each, and nothing when one id is another group's", async () => {
    const mine = [await schedule(2, contract.id), await schedule(2, contract.id)];
    const other: { id: number } = await api.db.knex('tenant_contracts').where({ group_id: 1 }).first('id');
    const theirs = await schedule(1, other.id);
    expect((await api.graphql(DELETE, { ids: [...mine, theirs] }, staff, GROUP2)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(await api.db.knex('payment_schedules').whereIn('id', [...mine, theirs].map(Number)).count({ n: '*' })).toEqual([{ n: 3 }]);
    expect((await api.graphql(DELETE, { ids: mine }, readonly, GROUP2)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await api.graphql(DELETE, { ids: mine }, staff, GROUP2)).body.data.deletePaymentSchedules).toBe(2);
    expect(await api.db.knex('audit_log').where({ entity: 'payment_schedules', action: 'DELETE' }).whereIn('entity_id', mine).count({ n: '*' })).toEqual([{ n: 2 }]);
  });
});

describe('POST /api/v2/admin/simulate-external-payment', () => {
  const simulate = (body: object, token: string | null, group = '2') => {
    const call = request(api.app.express).post('/api/v2/admin/simulate-external-payment').set('X-Group-ID', group);
    return (token ? call.set('Authorization', `Bearer ${token}`) : call).send(body);
  };

  it('records a standing order once per external id, with its ledger credit', async () => {
    const body = { tenantContractId: contract.id, amountPence: 7_700, externalId: 'SO-2026-11-001', method: 'STANDING_ORDER' };
    const first = await simulate(body, staff);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'PAID', collectionStatus: 'SETTLED' });
    const again = await simulate(body, staff);
    expect(again.body.paymentId).toBe(first.body.paymentId);
    expect(await api.db.knex('ledger_entries').where({ payment_id: first.body.paymentId }).select('kind', 'amount_pence')).toEqual([{ kind: 'PAYMENT', amount_pence: -7_700 }]);
  });

  it('charges the card on file through the sandbox for CREDIT_CARD', async () => {
    const res = await simulate({ tenantContractId: contract.id, amountPence: 1_999, externalId: 'card-1', method: 'CREDIT_CARD' }, staff);
    expect(res.body).toMatchObject({ status: 'PAID', collectionStatus: 'SETTLED' });
    expect(await api.db.knex('payments').where({ id: res.body.paymentId }).first('provider_reference')).toEqual({ provider_reference: expect.stringMatching(/^pi_/) });
  });

  it('answers field errors for bad input, 401 anonymous, 403 read-only, 404 for another group', async () => {
    const bad = await simulate({ tenantContractId: contract.id, amountPence: -5, externalId: '', method: 'GOLD' }, staff);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((field: { field: string }) => field.field)).toEqual(['amountPence', 'externalId', 'method']);
    expect((await simulate({}, null)).status).toBe(401);
    expect((await simulate({ tenantContractId: contract.id, amountPence: 100, externalId: 'x' }, readonly)).status).toBe(403);
    expect((await simulate({ tenantContractId: contract.id, amountPence: 100, externalId: 'x' }, staff, '1')).status).toBe(404);
  });
});

describe('bank holidays and top-ups', () => {
  it('lists bank holidays for the front ends', async () => {
    await api.db.knex('bank_holidays').insert({ date: '2030-12-25', description: 'Christmas Day' }).onConflict().ignore();
    const res = await api.graphql('{ getBankHolidays { nodes { id date description } } }');
    expect(res.body.data.getBankHolidays.nodes).toEqual(expect.arrayContaining([expect.objectContaining({ date: '2030-12-25', description: 'Christmas Day' })]));
  });

  it('takes a top-up in office hours only, on a prepayment meter of the tenant’s own house', async () => {
    const [house] = await api.db.knex('house_contracts').where({ id: contract.house_contract_id }).select('house_id');
    const [meter] = await api.db.knex('meters').insert({ group_id: 2, house_id: house.house_id, utility_type: 'electric', meter_type: 'PREPAYMENT', rate_type: 'SINGLE', serial_number: 'PP-123456', is_active: true }).returning('id');
    const user = { id: contract.user_id, role: 'front' as const, email: 'group2tenant@demo.test', permissions: null } as never;
    const input = { tenantId: contract.id, meterId: meter.id, amountPence: 2_000 };
    await expect(requestTopUp(api.db.knex, user, input, new Date('2026-11-23T16:30:00Z'))).rejects.toMatchObject({ details: { fields: [{ field: 'meterId', rule: 'topUpWindow', message: 'Top-ups are unavailable now: office closing.' }] } });
    await expect(requestTopUp(api.db.knex, user, input, new Date('2026-11-21T11:00:00Z'))).rejects.toMatchObject({ details: { fields: [expect.objectContaining({ message: 'Top-ups are unavailable now: office closed.' })] } });
    const made = await requestTopUp(api.db.knex, user, input, new Date('2026-11-24T11:00:00Z'));
    expect(made.status).toBe('NEW');
    expect(await api.db.knex('top_ups').where({ id: made.id }).first('source', 'amount_pence')).toEqual({ source: 'FRONTOFFICE', amount_pence: 2_000 });
    const other: { id: number } = await api.db.knex('tenant_contracts').whereNot({ user_id: contract.user_id }).first('id');
    await expect(requestTopUp(api.db.knex, user, { ...input, tenantId: other.id }, new Date('2026-11-24T11:00:00Z'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(tenant).toBeTruthy();
  });
});
