import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { enqueue } from '@app/api';
import { createTestDatabase, waitFor, type TestDatabase } from '@app/api/testing';
import { HANDLERS } from './queues';
import { startWorkers, type RunningWorkers } from './start-workers';

/*
 * The exports.run and exports.cleanup handlers in a real workers process: a queued export is streamed to
 * its file with the job's output showing progress, a second delivery of the job changes nothing, and the
 * daily cleanup deletes expired files.
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-workers-'));
process.env.EXPORTS_DIR = folder;
let db: TestDatabase;
let workers: RunningWorkers;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase({ withDemoData: true });
  workers = await startWorkers(db.url, { db: db.knex, adapters: {} as never }, { handlers: HANDLERS as never, schedules: [], pollingIntervalSeconds: 0.5 });
  userId = (await db.knex('users').where({ email: 'staff@demo.test' }).first('id')).id;
});

afterAll(async () => {
  await workers.stop();
  await db.drop();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function queueExport(values: Record<string, unknown>): Promise<string> {
  return db.knex.transaction(async (trx) => {
    const [row] = await trx('export_files')
      .insert({ user_id: userId, group_id: 1, resource: 'MeterReading', storage_path: 'pending', expires_at: trx.raw(`now() + interval '1 day'`), ...values })
      .returning('id');
    await trx('export_files').where({ id: row.id }).update({ storage_path: `${row.id}.${values.format as string}` });
    await enqueue(workers.boss, trx, 'exports.run', { exportId: row.id });
    return row.id as string;
  });
}

const exportRow = (id: string) => db.knex('export_files').where({ id }).first();

it('runs a queued XLSX export of meter readings filtered by status, with the job showing its progress', async () => {
  const expected = await db.knex('meter_readings').where({ group_id: 1, status: 'APPROVED' }).orderBy([{ column: 'reading_date', order: 'desc' }, { column: 'id', order: 'desc' }]).select('id');
  const id = await queueExport({ format: 'xlsx', file_name: 'approved.xlsx', filter: JSON.stringify({ status: 'APPROVED' }), fields: ['id', 'readingDate', 'value', 'status'] });

  const done = await waitFor('the export to finish', async () => ((await exportRow(id))?.status === 'DONE' ? exportRow(id) : false));
  expect(done).toMatchObject({ row_count: expected.length, total_rows: expected.length, error: null });
  const [job] = await workers.boss.findJobs('exports.run', { data: { exportId: id } });
  await waitFor('the job to complete', async () => (await workers.boss.findJobs('exports.run', { data: { exportId: id } }))[0]?.state === 'completed');
  const [completed] = await workers.boss.findJobs('exports.run', { data: { exportId: id } });
  expect(completed!.output).toMatchObject({ status: 'DONE', progress: 100, rows: expected.length });
  expect(job).toBeDefined();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path.join(folder, `${id}.xlsx`));
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['ID', 'Reading date', 'Value', 'Status']);
  expect(sheet.getColumn(1).values.slice(2)).toEqual(expected.map((row: { id: number }) => row.id));
  // The status in words, as the list shows it.
  expect(new Set(sheet.getColumn(4).values.slice(2))).toEqual(new Set(['Approved']));

  // At-least-once delivery: the same job again leaves the finished export alone.
  await workers.boss.send('exports.run', { exportId: id });
  await waitFor('the second job to complete', async () => {
    const jobs = await workers.boss.findJobs('exports.run', { data: { exportId: id } });
    return jobs.length === 2 && jobs.every((candidate) => candidate.state === 'completed');
  });
  expect(await exportRow(id)).toMatchObject({ status: 'DONE', finished_at: done.finished_at });
});

it('fails an export it cannot run with "export error: …", and the daily cleanup deletes expired files', async () => {
  const failing = await queueExport({ format: 'csv', file_name: 'bad.csv', sort_field: 'colour' });
  await waitFor('the export to fail', async () => (await exportRow(failing))?.status === 'FAILED');
  expect((await exportRow(failing)).error).toMatch(/^export error: sortField: cannot use "colour"/);

  const id = await queueExport({ format: 'csv', file_name: 'all.csv' });
  await waitFor('the export to finish', async () => (await exportRow(id))?.status === 'DONE');
  const file = path.join(folder, `${id}.csv`);
  // Each reference as its name, then its ID.
  expect(fs.readFileSync(file, 'utf8').split('\r\n')[0]).toBe('ID,Created,Last changed,Meter,Meter ID,House,House ID,Reading date,Register,Value,Source,Type,Status,Image,Image ID');
  await db.knex('export_files').where({ id }).update({ expires_at: new Date(Date.now() - 60_000) });
  await workers.boss.send('exports.cleanup', {});
  await waitFor('the cleanup to mark it expired', async () => (await exportRow(id))?.status === 'EXPIRED');
  expect(fs.existsSync(file)).toBe(false);
});
