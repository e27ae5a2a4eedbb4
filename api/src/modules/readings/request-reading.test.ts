import request from 'supertest';
import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * GET /api/v2/cooperation/send-read/{meterId}: the house's current tenants are asked for a reading by e-mail
 * and SMS through the outbox, at most once a day per meter; another group's meter is not found.
 */

let api: ApiHarness;
let staff: string;
let meter: { id: number; house_id: number; serial_number: string };

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
  staff = await api.signIn('staff@demo.test');
  const k = api.db.knex;
  // A group-1 meter on a house with a tenant whose contract runs today.
  meter = await k('meters as m')
    .where('m.group_id', 1)
    .whereExists(k('tenant_contracts as tc').join('house_contracts as hc', 'hc.id', 'tc.house_contract_id').whereRaw('hc.house_id = m.house_id').whereNot('tc.status', 'CANCELLED').where('tc.start_date', '<=', '2026-11-23').where('tc.end_date', '>=', '2026-11-23'))
    .orderBy('m.id')
    .first('m.id', 'm.house_id', 'm.serial_number');
});
afterAll(() => api.stop());

const send = (id: number | string, token: string | null = staff, group = '1') => {
  const req = request(api.app.express).get(`/api/v2/cooperation/send-read/${id}`).set('X-Group-ID', group);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req;
};

it("asks the house's tenants by e-mail and SMS through the outbox, once a day per meter", async () => {
  expect(meter).toBeDefined();
  const res = await send(meter.id);
  expect(res.status).toBe(200);
  expect(res.body.emails).toBeGreaterThan(0);
  const messages = await api.db.knex('outbox_messages').orderBy('id').select('channel', 'subject', 'text_body');
  expect(messages.filter((m: { channel: string }) => m.channel === 'EMAIL')).toHaveLength(res.body.emails);
  expect(messages.filter((m: { channel: string }) => m.channel === 'SMS')).toHaveLength(res.body.sms);
  expect(messages[0].text_body).toContain(meter.serial_number);
  expect(messages[0].text_body).toContain('/tenant-profile/give-meter-reading');

  const again = await send(meter.id);
  expect(again.status).toBe(409);
  expect(again.body.error.message).toBe("This meter's tenants were already asked for a reading today");
  expect(await api.db.knex('outbox_messages').count({ n: '*' })).toEqual([{ n: messages.length }]);
  expect(await api.db.knex('audit_log').where({ entity: 'reading_requests' }).count({ n: '*' })).toEqual([{ n: 1 }]);
});

it("refuses another group's meter, a bad id, a house with no current tenant, and callers without meter readings WRITE", async () => {
  const foreign = await api.db.knex('meters').whereNot({ group_id: 1 }).first('id');
  if (foreign) expect((await send(foreign.id)).status).toBe(404);
  expect((await send('abc')).status).toBe(404);
  const [house] = await api.db.knex('houses').insert({ ...(await api.db.knex('houses').where({ group_id: 1 }).first().then(({ id: _id, ...rest }) => rest)), street_name: '1 Empty Street' }).returning('id');
  const [lonely] = await api.db.knex('meters').insert({ group_id: 1, house_id: house.id, utility_type: 'gas', rate_type: 'METRIC', serial_number: 'LONELY-1' }).returning('id');
  const empty = await send(lonely.id);
  expect(empty.status).toBe(400);
  expect(empty.body.error.fields).toEqual([{ field: 'id', rule: 'tenants', message: 'This house has no current tenants to ask' }]);
  expect((await send(meter.id, null)).status).toBe(401);
  expect((await send(meter.id, await api.signIn('readonly@demo.test'))).status).toBe(403);
});
