import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MeterReading } from '@app/db';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { LocalFileStorage } from '../files/local-file-storage';
import { storeUpload } from '../files/store-upload.service';
import { submitMeterReading, type ReadingSubmitter } from './submit-reading.service';

/*
 * A tenant's, agent's or officer's reading lands PENDING with its photo; a meter outside the submitter's
 * houses is "not found"; a reading lower than the last, or implausibly high, waits for confirmation; a
 * photo must be a READING upload of the same person; bad values name their field.
 */

let db: TestDatabase;
let meter: { id: number; house_id: number; group_id: number; rate_type: string; utility_type: string };
let otherHouseId: number;
let userId: number;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'readings-'));
const storage = new LocalFileStorage(folder);
const TODAY = '2026-11-23';

beforeAll(async () => {
  db = await createTestDatabase({ withDemoData: true });
  meter = await db.knex('meters').where({ rate_type: 'SINGLE', utility_type: 'electric', is_active: true }).orderBy('id').first();
  otherHouseId = (await db.knex('houses').whereNot({ id: meter.house_id }).orderBy('id').first('id')).id;
  userId = (await db.knex('users').where({ email: 'tenant@demo.test' }).first('id')).id;
  await db.knex('meter_readings').where({ meter_id: meter.id }).whereIn('status', ['PENDING', 'APPROVED']).update({ status: 'ARCHIVED' });
  await db.knex('meter_readings').insert({ group_id: meter.group_id, meter_id: meter.id, house_id: meter.house_id, reading_date: '2026-10-01', register: 'SINGLE', value: 1000, source: 'BACK_OFFICE', type: 'ACTUAL', status: 'APPROVED' });
});
afterAll(async () => {
  await db.drop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const tenant = (): ReadingSubmitter => ({ userId, source: 'TENANT_PORTAL', houseIds: [meter.house_id], today: TODAY });
const fieldsOf = (promise: Promise<unknown>) => promise.then(() => null, (error: { details: { fields: unknown; needsConfirmation?: boolean } }) => error.details);

it('records a reading with its photo, PENDING for staff, typed by who sent it', async () => {
  const reading = await db.knex.transaction(async (trx) => {
    const photo = await storeUpload(trx, { groupId: meter.group_id, resourceType: 'READING', fileName: 'meter.jpg', contentType: 'image/jpeg', data: Buffer.from('jpeg bytes'), uploadedByUserId: userId }, storage);
    return submitMeterReading(trx, tenant(), { meterId: meter.id, readingDate: '2026-11-20', value: '1234.5', imageUploadId: photo.id });
  });
  expect(reading).toMatchObject({ status: 'PENDING', source: 'TENANT_PORTAL', type: 'TENANT_REAL', register: 'SINGLE', houseId: meter.house_id });
  const image = await db.knex('uploads').where({ id: reading.imageUploadId }).first();
  expect(fs.readFileSync(path.join(folder, image.storage_key), 'utf8')).toBe('jpeg bytes');
  expect(await db.knex('audit_log').where({ entity: 'meter_readings', entity_id: String(reading.id), actor_user_id: userId })).toHaveLength(1);
});

it("answers 'Meter not found' for a meter on a house that is not the submitter's", async () => {
  const details = await fieldsOf(db.knex.transaction((trx) => submitMeterReading(trx, { ...tenant(), houseIds: [otherHouseId] }, { meterId: meter.id, readingDate: '2026-11-20', value: 1300 })));
  expect(details).toMatchObject({ fields: [{ field: 'meterId', rule: 'exists', message: 'Meter not found' }] });
  expect(await fieldsOf(db.knex.transaction((trx) => submitMeterReading(trx, tenant(), { meterId: '99999999999', readingDate: '2026-11-20', value: 1 })))).toMatchObject({ fields: [{ field: 'meterId' }] });
});

it('asks to confirm a reading lower than the last, and records it once confirmed', async () => {
  const details = await fieldsOf(db.knex.transaction((trx) => submitMeterReading(trx, tenant(), { meterId: meter.id, readingDate: '2026-11-21', value: 900 })));
  expect(details).toMatchObject({ needsConfirmation: true, fields: [{ field: 'value', rule: 'lowerThanLast', message: expect.stringContaining('lower than the last one (1234.5 on 20/11/2026)') }] });
  const confirmed = await db.knex.transaction((trx) => submitMeterReading(trx, tenant(), { meterId: meter.id, readingDate: '2026-11-21', value: 900, confirmed: true }));
  expect(confirmed.status).toBe('PENDING');
});

it('asks to confirm an implausibly high reading', async () => {
  const details = await fieldsOf(db.knex.transaction((trx) => submitMeterReading(trx, tenant(), { meterId: meter.id, readingDate: '2026-11-22', value: 90_000, confirmed: false })));
  expect(details).toMatchObject({ needsConfirmation: true, fields: [{ rule: 'implausiblyHigh' }] });
});

it('names each bad field: register, future date, value out of range, a photo that is not theirs', async () => {
  const details = await fieldsOf(db.knex.transaction((trx) => submitMeterReading(trx, tenant(), { meterId: meter.id, register: 'DAY', readingDate: '2026-12-01', value: 1e20 })));
  expect((details as { fields: Array<{ field: string }> }).fields.map((field) => field.field)).toEqual(['register', 'readingDate', 'value']);
  const foreign = await db.knex.transaction((trx) => storeUpload(trx, { groupId: meter.group_id, resourceType: 'READING', fileName: 'x.png', contentType: 'image/png', data: Buffer.from('png'), uploadedByUserId: null }, storage));
  expect(await fieldsOf(db.knex.transaction((trx) => submitMeterReading(trx, tenant(), { meterId: meter.id, readingDate: '2026-11-22', value: 1300, imageUploadId: foreign.id })))).toMatchObject({ fields: [{ field: 'imageUploadId' }] });
  expect(await MeterReading.query(db.knex).where({ meter_id: meter.id, status: 'PENDING' })).toHaveLength(2);
});

it('refuses a file of the wrong type or size, naming the file field, and stores nothing', async () => {
  const before = await db.knex('uploads').count({ n: '*' }).first();
  const wrong = await fieldsOf(db.knex.transaction((trx) => storeUpload(trx, { groupId: meter.group_id, resourceType: 'READING', fileName: 'meter.exe', contentType: 'application/octet-stream', data: Buffer.from('MZ'), uploadedByUserId: userId }, storage)));
  expect(wrong).toMatchObject({ fields: [{ field: 'file', rule: 'upload', message: 'The file must be one of: JPEG, PNG, WEBP, HEIC' }] });
  const big = await fieldsOf(db.knex.transaction((trx) => storeUpload(trx, { groupId: meter.group_id, resourceType: 'READING', fileName: 'big.jpg', contentType: 'image/jpeg', data: Buffer.alloc(11 * 1024 * 1024), uploadedByUserId: userId }, storage)));
  expect(big).toMatchObject({ fields: [{ message: 'The file must be at most 10 MB' }] });
  expect(await db.knex('uploads').count({ n: '*' }).first()).toEqual(before);
});
