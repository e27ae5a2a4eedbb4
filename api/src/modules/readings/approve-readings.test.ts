import { startApiHarness, type ApiHarness } from '../../testing';
import { submitMeterReading } from './submit-reading.service';

/*
 * The reading workflow on the server: a single change that skips the workflow is refused with its reason,
 * and staff approve many readings at once — audited, each sender told, another group's readings refused,
 * at most 1000 at a time.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
let tenantId: number;
let meter: { id: number; house_id: number; group_id: number; serial_number: string };
const APPROVE = `mutation ($ids: [ID!]!, $status: String) { approveMeterReadings(ids: $ids, status: $status) { changed unchanged refused { id message } } }`;
const UPDATE = `mutation ($id: ID!, $status: String) { updateMeterReading(id: $id, status: $status) { id status } }`;
const group = (id = 1) => ({ 'X-Group-ID': String(id) });

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  readonly = await api.signIn('readonly@demo.test');
  tenantId = (await api.db.knex('users').where({ email: 'tenant@demo.test' }).first('id')).id;
  meter = await api.db.knex('meters').where({ group_id: 1, rate_type: 'SINGLE', utility_type: 'electric', is_active: true }).orderBy('id').first();
});
afterAll(() => api.stop());

const insertReading = async (status: string, groupId = meter.group_id, meterId = meter.id, houseId = meter.house_id) =>
  (
    await api.db.knex('meter_readings')
      .insert({ group_id: groupId, meter_id: meterId, house_id: houseId, reading_date: '2026-11-01', register: 'SINGLE', value: 10, source: 'BACK_OFFICE', type: 'ACTUAL', status })
      .returning('id')
  )[0].id as number;

const sentByTenant = (day: number) =>
  api.db.knex.transaction((trx) =>
    submitMeterReading(trx, { userId: tenantId, source: 'TENANT_PORTAL', houseIds: [meter.house_id], today: '2026-11-23' }, { meterId: meter.id, register: 'SINGLE', readingDate: `2026-11-${day}`, value: 990000 + day, confirmed: true }),
  );

it('refuses a single status change the workflow does not allow, with the statuses it could take', async () => {
  const archived = await insertReading('ARCHIVED');
  const res = await api.graphql(UPDATE, { id: archived, status: 'APPROVED' }, staff, group());
  expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'status', rule: 'transition', message: 'A ARCHIVED reading cannot change status' }] });
  const rejected = await insertReading('REJECTED');
  const again = await api.graphql(UPDATE, { id: rejected, status: 'APPROVED' }, staff, group());
  expect(again.body.errors[0].extensions.fields[0].message).toBe('A REJECTED reading cannot become APPROVED: it can become ARCHIVED');
  expect((await api.db.knex('meter_readings').where({ id: rejected }).first('status')).status).toBe('REJECTED');
  const ok = await api.graphql(UPDATE, { id: rejected, status: 'ARCHIVED' }, staff, group());
  expect(ok.body.data.updateMeterReading.status).toBe('ARCHIVED');
});

it('approves many readings at once: audited, each sender told once, a reading already approved left alone and one that may not move explained', async () => {
  const fromTenant = [(await sentByTenant(10)).id, (await sentByTenant(11)).id];
  const alreadyApproved = await insertReading('APPROVED');
  const rejected = await insertReading('REJECTED');
  const res = await api.graphql(APPROVE, { ids: [...fromTenant, alreadyApproved, rejected] }, staff, group());
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.approveMeterReadings).toEqual({
    changed: fromTenant.map(String),
    unchanged: [String(alreadyApproved)],
    refused: [{ id: String(rejected), message: 'A REJECTED reading cannot become APPROVED: it can become ARCHIVED' }],
  });
  expect(await api.db.knex('meter_readings').whereIn('id', fromTenant).pluck('status')).toEqual(['APPROVED', 'APPROVED']);
  const told = await api.db.knex('notifications').where({ user_id: tenantId, type: 'READING_APPROVED' }).whereRaw(`(data->>'readingId')::int = any(?)`, [fromTenant]);
  expect(told).toHaveLength(2);
  const audited = await api.db.knex('audit_log').where({ entity: 'meter_readings', action: 'UPDATE' }).whereIn('entity_id', fromTenant.map(String)).select('before', 'after', 'actor_user_id');
  expect(audited).toHaveLength(2);
  expect(audited[0]).toMatchObject({ before: { status: 'PENDING' }, after: { status: 'APPROVED' } });
  expect(audited[0].actor_user_id).toEqual(expect.any(Number));
  // Approving again changes nothing and tells nobody twice.
  const twice = await api.graphql(APPROVE, { ids: fromTenant }, staff, group());
  expect(twice.body.data.approveMeterReadings).toMatchObject({ changed: [], unchanged: fromTenant.map(String) });
  expect(await api.db.knex('notifications').where({ user_id: tenantId, type: 'READING_APPROVED' }).whereRaw(`(data->>'readingId')::int = any(?)`, [fromTenant])).toHaveLength(2);
});

it('approves for billing when asked, and refuses another status', async () => {
  const id = await insertReading('PENDING');
  const res = await api.graphql(APPROVE, { ids: [id], status: 'APPROVED_FOR_BILLING' }, staff, group());
  expect(res.body.data.approveMeterReadings.changed).toEqual([String(id)]);
  const bad = await api.graphql(APPROVE, { ids: [id], status: 'FINAL' }, staff, group());
  expect(bad.body.errors[0].extensions.fields).toEqual([{ field: 'status', rule: 'oneOf', message: 'Status must be one of APPROVED, APPROVED_FOR_BILLING' }]);
});

it("refuses another group's readings, without approving the rest of the batch", async () => {
  const mine = await insertReading('PENDING');
  const otherMeter = await api.db.knex('meters').whereNot({ group_id: 1 }).first('id', 'house_id', 'group_id');
  const theirs = otherMeter ? await insertReading('PENDING', otherMeter.group_id, otherMeter.id, otherMeter.house_id) : 99_999_999;
  const res = await api.graphql(APPROVE, { ids: [mine, theirs] }, staff, group());
  expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'ids', rule: 'exists', message: `Meter readings: no record ${theirs}` }] });
  expect(await api.db.knex('meter_readings').whereIn('id', [mine, theirs]).pluck('status')).toEqual(['PENDING', 'PENDING'].slice(0, otherMeter ? 2 : 1));
});

it('refuses bad input with field errors: no ids, not ids, more than 1000, no group', async () => {
  const fields = async (ids: unknown[], headers: Record<string, string> = group()) => (await api.graphql(APPROVE, { ids }, staff, headers)).body.errors[0].extensions.fields;
  expect(await fields([])).toEqual([{ field: 'ids', rule: 'required', message: 'Select at least one reading' }]);
  expect(await fields(['abc', '1'])).toEqual([{ field: 'ids', rule: 'integer', message: 'Not reading ids: abc' }]);
  expect(await fields(Array.from({ length: 1001 }, (_, i) => String(i + 1)))).toEqual([{ field: 'ids', rule: 'batchLimit', message: 'Batch limit exceeded: at most 1000 items at once' }]);
  expect(await fields(['1'], {})).toEqual([expect.objectContaining({ field: 'X-Group-ID', rule: 'required' })]);
});

it('lets only staff with WRITE on meter readings approve', async () => {
  const id = await insertReading('PENDING');
  const res = await api.graphql(APPROVE, { ids: [id] }, readonly, group());
  expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await api.graphql(APPROVE, { ids: [id] }, null, group())).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  expect((await api.db.knex('meter_readings').where({ id }).first('status')).status).toBe('PENDING');
});
