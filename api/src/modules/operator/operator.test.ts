import request from 'supertest';
import { startApiHarness, type ApiHarness } from '../../testing';
import { startHeartbeat } from './heartbeat';
import { trackRender } from './active-renders';

/*
 * /api/v2/admin/*: system WRITE only, every non-GET audited. Processes report heartbeats and are listed;
 * kill-server asks one API process to stop through its heartbeat; kill-scheduler pauses and resumes every
 * schedule; upsert-external-service names a service; trigger-billing runs the automation now.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
let stopBeat: () => Promise<void>;
let stopRequested = 0;

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  readonly = await api.signIn('readonly@demo.test');
  stopBeat = startHeartbeat(api.db.knex, 'api', () => void stopRequested++, 0.2);
  await api.boss.createQueue('outbox.sweep');
  await api.boss.createQueue('exports.cleanup');
  await api.boss.schedule('outbox.sweep', '*/10 * * * *', {}, { tz: 'Europe/London' });
  await api.boss.schedule('exports.cleanup', '30 3 * * *', {}, { tz: 'Europe/London' });
});
afterAll(async () => {
  await stopBeat();
  await api.stop();
});

const call = (method: 'get' | 'post', path: string, body?: object, token: string | null = staff) => {
  const req = request(api.app.express)[method](`/api/v2/admin/${path}`);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return body ? req.send(body) : req;
};
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
};

it('lists this API process with pid, host, uptime and memory, and asks it to stop through its heartbeat, audited', async () => {
  const res = await call('get', 'log-processes');
  expect(res.status).toBe(200);
  const me = res.body.processes.find((p: { pid: number }) => p.pid === process.pid);
  expect(me).toMatchObject({ kind: 'api', host: expect.any(String), alive: true, rssBytes: expect.any(Number), uptimeSeconds: expect.any(Number), stopRequestedAt: null });
  const kill = await call('post', 'kill-server', { id: me.id });
  expect(kill.status).toBe(202);
  await waitFor(() => stopRequested > 0);
  expect(stopRequested).toBe(1);
  expect(await api.db.knex('audit_log').where({ entity: 'operator.kill_server', entity_id: me.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
  expect((await call('post', 'kill-server', { id: 'nope' })).body.error.fields).toEqual([{ field: 'id', rule: 'exists', message: 'No API process with this id: see log-processes' }]);
});

it('pauses every schedule and resumes each as it was', async () => {
  const paused = await call('post', 'kill-scheduler', { action: 'pause' });
  expect(paused.body).toEqual({ paused: true, active: [], pausedSchedules: ['exports.cleanup', 'outbox.sweep'] });
  expect(await api.boss.getSchedules()).toEqual([]);
  const resumed = await call('post', 'kill-scheduler', { action: 'resume' });
  expect(resumed.body).toEqual({ paused: false, active: ['exports.cleanup', 'outbox.sweep'], pausedSchedules: [] });
  expect((await api.boss.getSchedules()).find((s) => s.name === 'outbox.sweep')).toMatchObject({ cron: '*/10 * * * *', timezone: 'Europe/London' });
  expect((await call('post', 'kill-scheduler', { action: 'explode' })).body.error.fields).toEqual([{ field: 'action', rule: 'oneOf', message: 'Action must be pause or resume' }]);
  expect(await api.db.knex('audit_log').where({ entity: 'operator.scheduler' }).count({ n: '*' })).toEqual([{ n: 2 }]);
});

it('creates then updates an external service by name, audited; bad input gets field errors', async () => {
  const created = await call('post', 'upsert-external-service', { name: 'pdf-renderer', baseUrl: 'http://localhost:9000', settings: { timeoutMs: 5000 } });
  expect(created.body).toMatchObject({ name: 'pdf-renderer', baseUrl: 'http://localhost:9000/', enabled: true, settings: { timeoutMs: 5000 } });
  const updated = await call('post', 'upsert-external-service', { name: 'pdf-renderer', baseUrl: 'https://renderer.example.com', enabled: false });
  expect(updated.body).toMatchObject({ id: created.body.id, baseUrl: 'https://renderer.example.com/', enabled: false, settings: { timeoutMs: 5000 } });
  expect(await api.db.knex('audit_log').where({ entity: 'external_services' }).orderBy('id').pluck('action')).toEqual(['INSERT', 'UPDATE']);
  const bad = await call('post', 'upsert-external-service', { name: 'bad name!', baseUrl: 'ftp://x', enabled: 'yes' });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['name', 'baseUrl', 'enabled']);
});

it('runs the automated billing now and says what it did per group, audited', async () => {
  const res = await call('post', 'trigger-billing');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ groups: expect.any(Array) });
  expect(await api.db.knex('audit_log').where({ entity: 'operator.trigger_billing' }).count({ n: '*' })).toEqual([{ n: 1 }]);
});

it('reports the PDF renders in progress of live processes, and forgets each when it ends', async () => {
  const done = trackRender('statement', 'statement-42-2026-10-31.pdf');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const res = await call('get', 'chrome-sessions');
  expect(res.body.renders).toEqual([expect.objectContaining({ pid: process.pid, document: 'statement', label: 'statement-42-2026-10-31.pdf' })]);
  done();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await call('get', 'chrome-sessions')).body.renders).toEqual([]);
});

it("edits a group's entity configuration (made on first edit), audited; bad colours, a foreign logo and unknown groups refused", async () => {
  const patch = (id: string, body: object) => request(api.app.express).patch(`/api/v2/admin/entity-configuration/${id}`).set('Authorization', `Bearer ${staff}`).send(body);
  // Group 1 as never configured, whatever brand the demo data gives it.
  await api.db.knex('entity_configurations').where({ group_id: 1 }).delete();
  const res = await patch('1', { primaryColour: '#0a7', displayName: 'Shared House Bills North' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ groupId: 1, displayName: 'Shared House Bills North', primaryColour: '#0a7' });
  expect((await patch('1', { secondaryColour: '#112233' })).body).toMatchObject({ id: res.body.id, primaryColour: '#0a7', secondaryColour: '#112233' });
  const otherGroupLogo = await api.db.knex('uploads').insert({ group_id: 2, resource_type: 'ENTITY_CONFIGURATION_ASSET', file_name: 'logo.png', content_type: 'image/png', size_bytes: 1, storage_key: 'x/logo.png', status: 'READY' }).returning('id').catch(() => [{ id: 999999 }]);
  const bad = await patch('1', { primaryColour: 'green', logoUploadId: otherGroupLogo[0].id, colour: 1 });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(['colour', 'logoUploadId', 'primaryColour']);
  expect((await patch('999999', { displayName: 'x' })).status).toBe(404);
  expect(await api.db.knex('audit_log').where({ entity: 'entity_configurations' }).orderBy('id').pluck('action')).toEqual(['INSERT', 'UPDATE']);
});

it('answers the GET forms the specification names: kill-scheduler state and action, trigger-billing', async () => {
  expect((await call('get', 'kill-scheduler')).body).toMatchObject({ paused: false });
  expect((await call('get', 'kill-scheduler?action=pause')).body).toMatchObject({ paused: true });
  expect((await call('get', 'kill-scheduler?action=resume')).body).toMatchObject({ paused: false, active: ['exports.cleanup', 'outbox.sweep'] });
  expect((await call('get', 'trigger-billing')).status).toBe(200);
});

it('refuses anonymous callers and staff without system WRITE', async () => {
  for (const [method, path] of [['get', 'log-processes'], ['get', 'chrome-sessions'], ['get', 'kill-scheduler'], ['post', 'trigger-billing'], ['post', 'kill-scheduler'], ['post', 'kill-server'], ['post', 'upsert-external-service']] as const) {
    expect((await call(method, path, {}, null)).status).toBe(401);
    expect((await call(method, path, {}, readonly)).status).toBe(403);
  }
  expect((await api.boss.getSchedules()).length).toBe(2);
});
