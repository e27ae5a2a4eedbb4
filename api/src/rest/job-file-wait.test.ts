import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createQueues } from '../jobs/create-queues';
import { QUEUES } from '../jobs/queues';
import { runExport } from '../modules/exports';
import { runReadingImport, runRecordImport } from '../modules/imports';
import { runUsageReport } from '../modules/usage-reports';
import { startApiHarness, type ApiHarness } from '../testing';

/*
 * "Small jobs feel instant": the status of a job's file (GET /api/v2/exports/:id, GET /api/v2/usage-reports/:id)
 * is a long-poll with ?wait=<ms> that answers the moment the job changes the record — a trigger NOTIFYs on
 * commit and the API's one LISTEN connection wakes the waiting call — instead of the caller polling.
 */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'job-file-wait-'));
process.env.EXPORTS_DIR = path.join(folder, 'exports');
process.env.UPLOADS_DIR = path.join(folder, 'uploads');
let api: ApiHarness;
let staff: string;
let readonly: string;
const GROUP = { 'X-Group-ID': '1' };

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['exports.run'], QUEUES['reports.usage'], QUEUES['imports.readings'], QUEUES['imports.records']]);
  [staff, readonly] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test')]);
});
afterAll(async () => {
  await api.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const http = () => request(api.app.express);
const status = (url: string, token = staff) => http().get(url).set({ Authorization: `Bearer ${token}`, ...GROUP });

async function startExport(): Promise<string> {
  const res = await http().post('/api/v2/exports/csv').set({ Authorization: `Bearer ${staff}`, ...GROUP }).send({ fileName: 'houses.csv', resource: 'House', filter: {} }).expect(202);
  return res.body.id as string;
}

/** A call's answer and how long it took. */
async function timed<T>(call: PromiseLike<T>): Promise<{ answer: T; ms: number }> {
  const started = Date.now();
  const answer = await call;
  return { answer, ms: Date.now() - started };
}

it('answers a waiting status call as soon as the job finishes the export, not at the end of its wait', async () => {
  const id = await startExport();
  const waiting = timed(status(`/api/v2/exports/${id}?wait=20000`));
  // The job runs a moment after the call began to wait (as a worker would pick it up).
  await new Promise((resolve) => setTimeout(resolve, 300));
  const finished = Date.now();
  await runExport(api.db.knex, id);
  const { answer, ms } = await waiting;
  expect(answer.status).toBe(200);
  // The first change (RUNNING) or DONE wakes it: long before the 20 s wait.
  expect(['RUNNING', 'DONE']).toContain(answer.body.status);
  expect(ms).toBeGreaterThanOrEqual(250);
  expect(Date.now() - finished).toBeLessThan(5_000);
  expect(answer.headers['cache-control']).toBe('no-store');
  // Finished: a waiting call answers at once, with the download path.
  const done = await timed(status(`/api/v2/exports/${id}?wait=20000`).expect(200));
  expect(done.answer.body).toMatchObject({ status: 'DONE', progress: 100, downloadPath: `/api/v2/exports/${id}/download` });
  expect(done.ms).toBeLessThan(5_000);
});

it('answers after the wait when nothing changes; without ?wait at once; the wait is capped at 25 s', async () => {
  const id = await startExport();
  const quiet = await timed(status(`/api/v2/exports/${id}?wait=400`).expect(200));
  expect(quiet.answer.body.status).toBe('PENDING');
  expect(quiet.ms).toBeGreaterThanOrEqual(350);
  const plain = await timed(status(`/api/v2/exports/${id}`).expect(200));
  expect(plain.answer.body.status).toBe('PENDING');
  expect(plain.ms).toBeLessThan(5_000);
  const { waitMsOf } = await import('../modules/exports/job-file-changes');
  expect([waitMsOf('999999'), waitMsOf('abc'), waitMsOf(undefined), waitMsOf('1500')]).toEqual([25_000, 0, 0, 1_500]);
});

it('still refuses another user: a waiting call checks ownership before it waits', async () => {
  const id = await startExport();
  const refused = await timed(status(`/api/v2/exports/${id}?wait=20000`, readonly));
  expect(refused.answer.status).toBe(403);
  expect(refused.ms).toBeLessThan(5_000);
});

it('answers a usage report waited on as soon as the job marks it READY', async () => {
  const asked = await api.graphql(
    'mutation ($periodStart: String!, $periodEnd: String!) { requestUsageReport(periodStart: $periodStart, periodEnd: $periodEnd) { id status } }',
    { periodStart: '2026-01-01', periodEnd: '2026-03-31' },
    staff,
    GROUP,
  );
  expect(asked.body.errors).toBeUndefined();
  const id = Number(asked.body.data.requestUsageReport.id);
  const first = await status(`/api/v2/usage-reports/${id}`).expect(200);
  expect(first.body).toMatchObject({ id: String(id), status: 'IN_PROGRESS', downloadPath: null });
  const waiting = timed(status(`/api/v2/usage-reports/${id}?wait=20000`));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const finished = Date.now();
  await runUsageReport(api.db.knex, id);
  const { answer } = await waiting;
  expect(answer.status).toBe(200);
  expect(['IN_PROGRESS', 'READY']).toContain(answer.body.status);
  expect(Date.now() - finished).toBeLessThan(5_000);
  const ready = await status(`/api/v2/usage-reports/${id}?wait=20000`).expect(200);
  expect(ready.body).toMatchObject({ status: 'READY', downloadPath: `/api/v2/usage-reports/${id}/download` });
  // Staff without READ on usage reports are refused; a tenant is not let in at all.
  await status(`/api/v2/usage-reports/${id}`, await api.signIn('tenant@demo.test')).expect(403);
});

it("refuses a usage report of another agency or group, and an id that is not one, before waiting", async () => {
  const asked = await api.graphql(
    'mutation ($periodStart: String!, $periodEnd: String!) { requestUsageReport(periodStart: $periodStart, periodEnd: $periodEnd) { id } }',
    { periodStart: '2026-04-01', periodEnd: '2026-04-30' },
    staff,
    GROUP,
  );
  const id = Number(asked.body.data.requestUsageReport.id);
  // An agent whose agencies did not ask for this report; staff naming another group.
  const agent = await timed(http().get(`/api/v2/usage-reports/${id}?wait=20000`).set({ Authorization: `Bearer ${await api.signIn('agent@demo.test')}` }));
  expect(agent.answer.status).toBe(404);
  expect(agent.ms).toBeLessThan(5_000);
  const otherGroup = await http().get(`/api/v2/usage-reports/${id}?wait=20000`).set({ Authorization: `Bearer ${staff}`, 'X-Group-ID': '2' });
  expect([403, 404]).toContain(otherGroup.status);
  const notAnId = await status('/api/v2/usage-reports/abc?wait=20000');
  expect(notAnId.status).toBeGreaterThanOrEqual(400);
  expect(notAnId.status).toBeLessThan(500);
  expect(String((await status('/api/v2/exports/abc?wait=20000')).status)).toMatch(/^4\d\d$/);
});

/** Sends a file to an upload route as the import dialog does (the body itself, its name in X-File-Name). */
async function startImport(route: string, csv: string, name: string): Promise<number> {
  const res = await http().post(route).set({ Authorization: `Bearer ${staff}`, ...GROUP, 'Content-Type': 'text/csv', 'X-File-Name': name }).send(Buffer.from(csv));
  expect(res.status).toBe(202);
  return res.body.id as number;
}

it.each([
  ['readings', '/api/v2/uploads/upload-readings', 'Meter,Date,Value\nWAIT-0001,2026-03-01,1000\n', (id: number) => runReadingImport(api.db.knex, id)],
  ['tenants', '/api/v2/uploads/import?kind=TENANTS', 'Email,First name,Last name\nwaiting.tenant@import.test,Wade,Waiting\n', (id: number) => runRecordImport(api.db.knex, id)],
])('answers a %s import waited on as soon as its job moves it on, and at once once it has stopped', async (_kind, route, csv, run) => {
  const id = await startImport(route, csv, `wait-${_kind}.csv`);
  const statusUrl = `${route.split('?')[0]}/${id}`;
  expect((await status(statusUrl).expect(200)).body.status).toBe('PENDING');
  const waiting = timed(status(`${statusUrl}?wait=20000`));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const started = Date.now();
  await run(id);
  const { answer, ms } = await waiting;
  expect(answer.status).toBe(200);
  expect(['IN_PROGRESS', 'DONE']).toContain(answer.body.status);
  expect(ms).toBeGreaterThanOrEqual(250);
  expect(Date.now() - started).toBeLessThan(5_000);
  // Stopped: a waiting call answers at once; "007" is the same import as "7".
  const done = await timed(status(`${statusUrl.replace(/\/(\d+)$/, '/00$1')}?wait=20000`).expect(200));
  expect(done.answer.body.status).toBe('DONE');
  expect(done.ms).toBeLessThan(5_000);
  // Another group's member of staff is refused before any wait.
  const otherGroup = await timed(http().get(`${statusUrl}?wait=20000`).set({ Authorization: `Bearer ${staff}`, 'X-Group-ID': '2' }));
  expect([403, 404]).toContain(otherGroup.answer.status);
  expect(otherGroup.ms).toBeLessThan(5_000);
});
