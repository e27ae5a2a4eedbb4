import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, waitFor, type TestDatabase } from '@app/api/testing';
import { exportSalesJournal, generateSalesJournal } from '../../api/src/modules/finance';
import { requestUsageReport } from '../../api/src/modules/usage-reports';
import { HANDLERS } from './queues';
import { startWorkers, type RunningWorkers } from './start-workers';

/*
 * The reports.usage and finance.export handlers in a real workers process: a usage report asked for by staff
 * becomes a READY upload with the job's output showing its progress; a sales journal's file is written by the
 * job, which then marks the journal EXPORTED.
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'reports-workers-'));
process.env.UPLOADS_DIR = path.join(folder, 'uploads');
process.env.EXPORTS_DIR = path.join(folder, 'exports');
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

it('writes a usage report of the demo portfolio as a READY upload, the job output showing its progress', async () => {
  const year = new Date().getUTCFullYear();
  const report = await requestUsageReport({ db: db.knex, boss: workers.boss, userId, groupId: 1 }, { periodStart: `${year}-01-01`, periodEnd: `${year}-12-31` });
  const upload = () => db.knex('uploads').where({ id: Number(report.id) }).first();
  const ready = await waitFor('the report to be READY', async () => ((await upload())?.status === 'READY' ? upload() : false));
  expect(ready).toMatchObject({ resource_type: 'USAGE_REPORT', error: null });
  expect(ready.row_count).toBeGreaterThan(0);
  expect(ready.row_count).toBe(ready.total_rows);
  expect(ready.size_bytes).toBe(fs.statSync(path.join(process.env.UPLOADS_DIR!, ready.storage_key)).size);
  await waitFor('the job to complete', async () => (await workers.boss.findJobs('reports.usage', { data: { uploadId: Number(report.id) } }))[0]?.state === 'completed');
  const [job] = await workers.boss.findJobs('reports.usage', { data: { uploadId: Number(report.id) } });
  expect(job!.output).toMatchObject({ status: 'READY', progress: 100, rows: ready.row_count });
});

it('writes a sales journal file in the finance.export job and marks the journal EXPORTED', async () => {
  const caller = { db: db.knex, boss: workers.boss, userId, groupId: 1 };
  const journal = await generateSalesJournal(caller, { periodStart: '2040-01-01', periodEnd: '2040-01-31' });
  const { file } = await exportSalesJournal(caller, journal.id, 'csv');
  expect(file.status).toBe('PENDING');
  const journalRow = () => db.knex('sales_journals').where({ id: journal.id }).first();
  await waitFor('the journal to be EXPORTED', async () => (await journalRow())?.export_status === 'EXPORTED');
  expect(await db.knex('export_files').where({ id: file.id }).first()).toMatchObject({ status: 'DONE', row_count: 0 });
  expect(fs.readFileSync(path.join(process.env.EXPORTS_DIR!, `${file.id}.csv`), 'utf8')).toMatch(/^Journal,Line,Period start/);
});
