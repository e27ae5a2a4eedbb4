import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { downloadToken, startApiHarness, type ApiHarness } from '../../testing';
import { runReadingImport } from './run-reading-import.service';
import { parseCsv } from './parse-sheet';

/*
 * POST /api/v2/uploads/upload-readings: staff send a CSV or XLSX of readings; a job checks each row with the
 * reading rules, saves the valid rows PENDING and offers the rejected rows with a reason each. The same file
 * twice imports nothing twice; another group's meters and imports are not found; 10,000 rows with 3% bad
 * rows import in well under 30 s and exactly the bad rows come back.
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'reading-imports-'));
process.env.UPLOADS_DIR = folder;

let api: ApiHarness;
let staff: string;
let readonly: string;
let house: { id: number; group_id: number };
let otherGroupSerial: string | undefined;
const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['imports.readings']]);
  staff = await api.signIn('staff@demo.test');
  readonly = await api.signIn('readonly@demo.test');
  house = await api.db.knex('houses').where({ group_id: 1 }).orderBy('id').first('id', 'group_id');
  otherGroupSerial = (await api.db.knex('meters').whereNot({ group_id: 1 }).first('serial_number'))?.serial_number;
  // 100 electricity meters of their own, so the large file's readings meet no demo reading.
  await api.db.knex('meters').insert(
    Array.from({ length: 100 }, (_, i) => ({ group_id: 1, house_id: house.id, utility_type: 'electric', meter_type: 'CREDIT', rate_type: i === 0 ? 'DUAL' : 'SINGLE', serial_number: `IMP-${String(i).padStart(4, '0')}`, is_active: true })),
  );
});
afterAll(async () => {
  await api.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const upload = (body: Buffer | string, { token = staff, type = CSV, name = 'readings.csv', group = '1' }: { token?: string | null; type?: string; name?: string; group?: string | null } = {}) => {
  const req = request(api.app.express).post('/api/v2/uploads/upload-readings').set('Content-Type', type).set('X-File-Name', encodeURIComponent(name));
  if (token) req.set('Authorization', `Bearer ${token}`);
  if (group) req.set('X-Group-ID', group);
  return req.send(Buffer.isBuffer(body) ? body : Buffer.from(body));
};
const status = (id: number, group = '1') => request(api.app.express).get(`/api/v2/uploads/upload-readings/${id}`).set('Authorization', `Bearer ${staff}`).set('X-Group-ID', group);
const rejectedRows = async (id: number) => {
  const path = `/api/v2/uploads/upload-readings/${id}/rejected-rows`;
  const res = await request(api.app.express).get(`${path}?jwt=${encodeURIComponent(await downloadToken(api, path, staff))}&groupId=1`).buffer(true).parse((r, done) => {
    let text = '';
    r.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    r.on('end', () => done(null, text));
  });
  expect(res.status).toBe(200);
  return parseCsv(res.body as string).filter((row) => row.length > 1);
};

it('imports the valid rows of a CSV PENDING, rejects the others with a reason each, and imports the same file once', async () => {
  const file = [
    'Meter,Date,Register,Value,Source,Type',
    'IMP-0001,2026-03-01,,1000,,',
    'IMP-0001,02/03/2026,SINGLE,1005.5,BACK_OFFICE,ACTUAL',
    'IMP-0002,2026-03-01,DAY,50,,',
    'NOPE-1,2026-03-01,,1,,',
    'IMP-0003,2026-02-30,,1,,',
    'IMP-0003,2099-01-01,,1,,',
    'IMP-0004,2026-03-01,,-5,,',
    'IMP-0004,2026-03-02,,7,MARS,',
    'IMP-0001,2026-03-01,,1000,,',
    'IMP-0001,2026-03-05,,10,,',
    'IMP-0001,2026-03-06,,10,,,yes',
    `${otherGroupSerial ?? 'NOT-IN-GROUP'},2026-03-01,,1,,`,
  ].join('\n').replace('Type\n', 'Type,Confirmed\n');
  const res = await upload(file);
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ status: 'PENDING', fileName: 'readings.csv', progress: 0 });
  const outcome = await runReadingImport(api.db.knex, res.body.id);
  expect(outcome).toMatchObject({ status: 'DONE', imported: 3, rejected: 9 });
  const after = await status(res.body.id);
  expect(after.body).toMatchObject({ status: 'DONE', totalRows: 12, processedRows: 12, importedRows: 3, rejectedRows: 9, progress: 100, rejectedRowsUrl: `/api/v2/uploads/upload-readings/${res.body.id}/rejected-rows` });
  const saved = await api.db.knex('meter_readings').where({ reading_import_id: res.body.id }).orderBy('id').select('register', 'value', 'status', 'source', 'type', api.db.knex.raw(`to_char(reading_date, 'YYYY-MM-DD') as date`));
  expect(saved).toEqual([
    { register: 'SINGLE', value: '1000.000', status: 'PENDING', source: 'BACK_OFFICE', type: 'ACTUAL', date: '2026-03-01' },
    { register: 'SINGLE', value: '1005.500', status: 'PENDING', source: 'BACK_OFFICE', type: 'ACTUAL', date: '2026-03-02' },
    { register: 'SINGLE', value: '10.000', status: 'PENDING', source: 'BACK_OFFICE', type: 'ACTUAL', date: '2026-03-06' },
  ]);
  const rows = await rejectedRows(res.body.id);
  expect(rows[0]).toEqual(['meter', 'date', 'register', 'value', 'source', 'type', 'confirmed', 'reason']);
  expect(rows.slice(1).map((row) => [row[0], row[row.length - 1]])).toEqual([
    ['IMP-0002', "This meter's register is SINGLE"],
    ['NOPE-1', 'Meter NOPE-1 not found'],
    ['IMP-0003', 'Date must be a date as YYYY-MM-DD or DD/MM/YYYY'],
    ['IMP-0003', expect.stringMatching(/future/i)],
    ['IMP-0004', 'Enter the reading as a number of at most 3 decimal places'],
    ['IMP-0004', 'Unknown source MARS'],
    ['IMP-0001', 'The same meter, register and date as row 2'],
    ['IMP-0001', expect.stringMatching(/^This reading is lower than the last one/)],
    [otherGroupSerial ?? 'NOT-IN-GROUP', `Meter ${otherGroupSerial ?? 'NOT-IN-GROUP'} not found`],
  ]);
  expect(await api.db.knex('notifications').where({ type: 'READINGS_IMPORTED' }).first('message')).toEqual({ message: 'readings.csv: 3 readings imported, 9 rows rejected.' });

  // The same bytes again: the same import, nothing new; running its job again changes nothing.
  const again = await upload(file, { name: 'copy.csv' });
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ id: res.body.id, status: 'DONE' });
  expect(await runReadingImport(api.db.knex, res.body.id)).toMatchObject({ status: 'SKIPPED' });
  expect(await api.db.knex('meter_readings').where({ reading_import_id: res.body.id }).count({ n: '*' })).toEqual([{ n: 3 }]);
  expect(await api.db.knex('reading_imports').count({ n: '*' })).toEqual([{ n: 1 }]);
  // A reading already saved is a duplicate for a later file.
  const later = await upload('meter,date,value\nIMP-0001,2026-03-02,1005.5\n', { name: 'later.csv' });
  expect(await runReadingImport(api.db.knex, later.body.id)).toMatchObject({ imported: 0, rejected: 1 });
  expect((await rejectedRows(later.body.id))[1]).toEqual(['IMP-0001', '2026-03-02', '1005.5', 'There is already a reading for this meter, register and date']);
});

it('imports an XLSX file the same way, registers of a dual meter included', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Reads');
  sheet.addRow(['meter', 'date', 'register', 'value']);
  sheet.addRow(['IMP-0000', new Date(Date.UTC(2026, 2, 1)), 'DAY', 100]);
  sheet.addRow(['IMP-0000', '2026-03-01', 'NIGHT', 80.25]);
  sheet.addRow(['IMP-0000', '2026-03-01', 'SINGLE', 1]);
  const res = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), { type: XLSX, name: 'reads.xlsx' });
  expect(res.status).toBe(202);
  expect(await runReadingImport(api.db.knex, res.body.id)).toMatchObject({ status: 'DONE', imported: 2, rejected: 1 });
  expect((await rejectedRows(res.body.id))[1]).toEqual(['IMP-0000', '2026-03-01', 'SINGLE', '1', "This meter's register is DAY or NIGHT"]);
});

it('refuses what is not a readings file, and a file without the needed columns fails with the reason', async () => {
  const refused = async (res: request.Response) => {
    expect(res.status).toBe(400);
    return res.body.error.fields;
  };
  expect(await refused(await upload('hello', { type: 'image/png', name: 'x.png' }))).toEqual([{ field: 'file', rule: 'upload', message: 'The file must be a CSV or an XLSX' }]);
  expect(await refused(await upload(Buffer.alloc(0)))).toEqual([{ field: 'file', rule: 'upload', message: 'The file is empty' }]);
  expect(await refused(await upload('a', { name: '' }))).toEqual([expect.objectContaining({ field: 'file' })]);
  expect(await refused(await upload('meter,date,value\n', { group: null }))).toEqual([expect.objectContaining({ field: 'X-Group-ID', rule: 'required' })]);
  const noColumns = await upload('serial,when\nIMP-0001,2026-03-01\n', { name: 'wrong.csv' });
  expect(await runReadingImport(api.db.knex, noColumns.body.id)).toMatchObject({ status: 'FAILED' });
  expect((await status(noColumns.body.id)).body).toMatchObject({ status: 'FAILED', error: 'The file has no meter, date, value columns: the first row names the columns meter, date, register, value, source, type' });
  // A broken XLSX fails with a reason, never a 500.
  const broken = await upload('not a zip', { type: XLSX, name: 'broken.xlsx' });
  await expect(runReadingImport(api.db.knex, broken.body.id)).rejects.toThrow();
  expect((await status(broken.body.id)).body).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/^readings import error: /) });
});

it("answers 401 and 403 to callers who may not import, and hides another group's imports", async () => {
  expect((await upload('meter,date,value\n', { token: null })).status).toBe(401);
  expect((await upload('meter,date,value\n', { token: readonly })).status).toBe(403);
  const mine = await upload('meter,date,value\nIMP-0005,2026-03-01,1\n', { name: 'mine.csv' });
  expect((await status(mine.body.id, '2')).status).toBe(404);
  expect((await status(mine.body.id, '1')).status).toBe(200);
  const rejected = `/api/v2/uploads/upload-readings/${mine.body.id}/rejected-rows`;
  expect((await request(api.app.express).get(`${rejected}?jwt=${encodeURIComponent(await downloadToken(api, rejected, staff))}&groupId=2`)).status).toBe(404);
});

it('imports 10,000 rows with 3% bad rows in under 30 s and returns exactly the bad rows', async () => {
  const lines = ['meter,date,register,value,source,type'];
  const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  const good = 9_700;
  for (let i = 0; i < good; i++) {
    const meter = 1 + (i % 99);
    const n = Math.floor(i / 99);
    lines.push(`IMP-${String(meter).padStart(4, '0')},${day(n)},SINGLE,${20000 + n * 7.5},BACK_OFFICE,ACTUAL`);
  }
  const bad: string[] = [];
  for (let i = 0; i < 300; i++) {
    const meter = `IMP-${String(1 + (i % 99)).padStart(4, '0')}`;
    bad.push(
      [
        `NOPE-${i},2025-02-01,SINGLE,1,,`,
        `${meter},2025-13-40,SINGLE,1,,`,
        `${meter},2099-01-01,SINGLE,1,,`,
        `${meter},2025-02-01,SINGLE,lots,,`,
        `${meter},${day(0)},SINGLE,20000,,`,
        `${meter},2025-12-31,SINGLE,1,,`,
      ][i % 6]!,
    );
  }
  // Bad rows spread through the file (every 33rd line), after the good rows they contradict.
  const all = [...lines.slice(1)];
  bad.forEach((row, i) => all.splice(Math.min(all.length, 200 + i * 33), 0, row));
  const file = [lines[0], ...all].join('\n') + '\n';
  const started = Date.now();
  const res = await upload(file, { name: 'big.csv' });
  expect(res.status).toBe(202);
  const outcome = await runReadingImport(api.db.knex, res.body.id);
  const seconds = (Date.now() - started) / 1000;
  console.log(`[bench] readings import: 10,000 rows (300 bad) uploaded, checked and saved in ${seconds.toFixed(2)} s`);
  expect(seconds).toBeLessThan(30);
  expect(outcome).toMatchObject({ status: 'DONE', imported: good, rejected: 300 });
  const rejected = await rejectedRows(res.body.id);
  expect(rejected.slice(1).map((row) => row.slice(0, 6).join(',').replace(/,+$/, ''))).toEqual(bad.map((row) => row.replace(/,+$/, '')));
});

it('reads CSV as spreadsheets write it: quoted commas, quotes and line breaks, CRLF, a BOM', () => {
  expect(parseCsv('\ufeffmeter,note\r\n"A,1","say ""hi""\nthere"\r\nB,\r\n')).toEqual([
    ['meter', 'note'],
    ['A,1', 'say "hi"\nthere'],
    ['B', ''],
  ]);
});
