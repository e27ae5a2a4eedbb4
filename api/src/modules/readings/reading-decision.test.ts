import { startApiHarness, type ApiHarness } from '../../testing';
import { submitMeterReading } from './submit-reading.service';

/*
 * Staff decide on a reading a tenant sent: the tenant is told once per decision (approved, then declined),
 * not when the reading is saved again unchanged, and nobody is told about readings staff typed in.
 */

let api: ApiHarness;
let staff: string;
let tenantId: number;
let meter: { id: number; house_id: number; group_id: number; serial_number: string };
const UPDATE = `mutation ($id: ID!, $status: String) { updateMeterReading(id: $id, status: $status) { id status } }`;

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  tenantId = (await api.db.knex('users').where({ email: 'tenant@demo.test' }).first('id')).id;
  meter = await api.db.knex('meters').where({ group_id: 1, rate_type: 'SINGLE', utility_type: 'electric', is_active: true }).orderBy('id').first();
});
afterAll(() => api.stop());

const decide = async (id: number, status: string) => {
  const res = await api.graphql(UPDATE, { id, status }, staff, { 'X-Group-ID': String(meter.group_id) });
  expect(res.body.errors).toBeUndefined();
};
const toldTenant = () => api.db.knex('notifications').where({ user_id: tenantId }).whereIn('type', ['READING_APPROVED', 'READING_DECLINED']).orderBy('id').select('title', 'message', 'notification_type');

it('tells the tenant who sent a reading when staff approve it, and again when they decline it, once each', async () => {
  const reading = await api.db.knex.transaction((trx) =>
    submitMeterReading(trx, { userId: tenantId, source: 'TENANT_PORTAL', houseIds: [meter.house_id], today: '2026-11-23' }, { meterId: meter.id, register: 'SINGLE', readingDate: '2026-11-20', value: 987654.5, confirmed: true }),
  );
  await decide(reading.id, 'APPROVED');
  await decide(reading.id, 'APPROVED');
  await decide(reading.id, 'DECLINED');
  expect(await toldTenant()).toEqual([
    { title: 'Meter reading approved', message: `Your reading of 987,654.5 for meter ${meter.serial_number} on 20 November 2026 was approved.`, notification_type: 'SUCCESS' },
    { title: 'Meter reading declined', message: expect.stringMatching(/^Your reading of 987,654\.5 .* was declined: please check the meter/), notification_type: 'WARNING' },
  ]);
});

it('tells nobody about a reading staff typed in themselves', async () => {
  const before = (await toldTenant()).length;
  const [typed] = await api.db.knex('meter_readings')
    .insert({ group_id: meter.group_id, meter_id: meter.id, house_id: meter.house_id, reading_date: '2026-11-21', register: 'SINGLE', value: 5, source: 'BACK_OFFICE', type: 'ACTUAL', status: 'PENDING' })
    .returning('id');
  await decide(typed.id, 'APPROVED');
  expect(await api.db.knex('notifications').whereRaw(`data->>'readingId' = ?`, [String(typed.id)])).toEqual([]);
  expect((await toldTenant()).length).toBe(before);
});
