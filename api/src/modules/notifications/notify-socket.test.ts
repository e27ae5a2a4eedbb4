import WebSocket from 'ws';
import { startApiHarness, waitFor, type ApiHarness } from '../../testing';
import { createApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { CLOSE_CODES, type NotifyTimings } from './notify-hub';
import { createNotification } from './create-notification.service';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The notification socket as clients use it, with a real WebSocket client against two API instances on one
 * database, each with its own LISTEN connection: a notification created through one reaches a socket held
 * by the other; what was missed while away is read back with getUserNotifications; bad, revoked and silent
 * sockets are closed with their codes.
 */

const TIMINGS: NotifyTimings = { authTimeoutMs: 400, statusIntervalMs: 300 };
let apiA: ApiHarness;
let appB: App;
let serverB: http.Server;
let urlA: string;
let urlB: string;
let staff: string;
let tenantHouseId: number;
let tenantUserId: number;

const GET = `query ($input: UserNotificationsInput) { getUserNotifications(input: $input) { records { totalCount unreadCount nodes { id title message read source notificationType actions { type title action { link title } } } } } }`;
const READ = `mutation ($id: Int!) { readUserNotification(input: { notificationId: $id }) }`;
const BROADCAST = `mutation ($input: BroadcastNotificationInput!) { broadcastNotification(input: $input) }`;

interface Listener {
  ws: WebSocket;
  messages: Array<{ type: string; data: string }>;
  closed: Promise<{ code: number; reason: string }>;
}

function connect(baseUrl: string): Promise<Listener> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/v2/notify`);
  const messages: Listener['messages'] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('error', reject);
  });
}

async function authorised(baseUrl: string, token: string): Promise<Listener> {
  const listener = await connect(baseUrl);
  listener.ws.send(JSON.stringify({ method: 'AUTHORIZATION', data: token }));
  await waitFor('the socket to be authorised', () => listener.messages.find((m) => m.type === 'AUTHORIZED'));
  return listener;
}

const notifications = (listener: Listener) => listener.messages.filter((m) => m.type === 'NOTIFICATION').map((m) => JSON.parse(m.data));

beforeAll(async () => {
  apiA = await startApiHarness({}, { notifyTimings: TIMINGS });
  urlA = await apiA.listen();
  appB = await createApp({ db: apiA.db.knex, boss: apiA.boss, config: loadConfig({ NODE_ENV: 'test' }), tokenSecret: apiA.tokenSecret, serveFrontends: false, notifyTimings: TIMINGS });
  serverB = http.createServer(appB.express);
  await appB.notify.attach(serverB);
  await new Promise<void>((resolve) => serverB.listen(0, '127.0.0.1', () => resolve()));
  urlB = `http://127.0.0.1:${(serverB.address() as AddressInfo).port}`;
  staff = await apiA.signIn('staff@demo.test');
  const row = await apiA.db.knex('tenant_contracts as tc')
    .join('users as u', 'u.id', 'tc.user_id')
    .join('house_contracts as hc', 'hc.id', 'tc.house_contract_id')
    .where('u.email', 'tenant@demo.test')
    .first('hc.house_id', 'u.id');
  tenantHouseId = row.house_id;
  tenantUserId = row.id;
});

afterAll(async () => {
  serverB?.closeAllConnections();
  await appB?.stop();
  await new Promise((resolve) => serverB?.close(resolve));
  await apiA?.stop();
});

it('pushes a notification created through the other API process to the tenant’s open socket', async () => {
  const tenant = await apiA.signIn('tenant@demo.test');
  const socket = await authorised(urlA, tenant);
  const sent = await apiA.graphql(BROADCAST, { input: { houseId: tenantHouseId, title: 'Water off on Friday', message: 'Yorkshire Water works 9–12.' } }, staff, { 'X-Group-ID': '1' });
  expect(sent.body.errors).toBeUndefined();
  expect(sent.body.data.broadcastNotification).toBeGreaterThanOrEqual(1);

  // The broadcast above went through process A's GraphQL; now one through B's database work only.
  await apiA.db.knex.transaction((trx) => createNotification(trx, { userId: tenantUserId, title: 'Statement ready', message: 'Your November statement is ready.', goToPage: { link: '/tenant-profile/statements', title: 'View statement' } }));
  await waitFor('both notifications', () => notifications(socket).length === 2 || undefined);
  const [broadcast, statement] = notifications(socket);
  expect(broadcast).toMatchObject({ title: 'Water off on Friday', read: false, source: 'server' });
  expect(statement.actions).toEqual([{ key: 'goToPage', type: 'goToPage', title: 'View statement', action: { link: '/tenant-profile/statements', title: 'View statement' } }]);
  socket.ws.send(JSON.stringify({ method: 'CLOSE' }));
  expect((await socket.closed).code).toBe(CLOSE_CODES.normal);
});

it('delivers across processes: a socket on B receives what A committed, and nothing from a rolled-back change', async () => {
  const tenant = await apiA.signIn('tenant@demo.test');
  const onB = await authorised(urlB, tenant);
  await apiA.db.knex
    .transaction(async (trx) => {
      await createNotification(trx, { userId: tenantUserId, title: 'Never sent', message: 'rolled back' });
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await apiA.db.knex.transaction((trx) => createNotification(trx, { userId: tenantUserId, title: 'Payment taken', message: '£42.50 was collected.' }));
  await waitFor('the committed notification on B', () => notifications(onB).find((n) => n.title === 'Payment taken'));
  expect(notifications(onB).map((n) => n.title)).toEqual(['Payment taken']);
  onB.ws.close();
});

it('lets a client that was away read what it missed, then mark it read', async () => {
  const tenant = await apiA.signIn('billpayer@demo.test');
  const me = await apiA.db.knex('users').where({ email: 'billpayer@demo.test' }).first('id');
  const before = await apiA.graphql(GET, { input: { includeRead: true } }, tenant);
  const lastSeen = Math.max(0, ...before.body.data.getUserNotifications.records.nodes.map((n: { id: number }) => n.id));
  for (const title of ['Reading approved', 'Statement ready']) {
    await apiA.db.knex.transaction((trx) => createNotification(trx, { userId: me.id, title, message: `${title}.` }));
  }
  const missed = await apiA.graphql(GET, { input: { afterId: lastSeen } }, tenant);
  const nodes = missed.body.data.getUserNotifications.records.nodes;
  expect(nodes.map((n: { title: string }) => n.title)).toEqual(['Statement ready', 'Reading approved']);
  const unreadBefore = missed.body.data.getUserNotifications.records.unreadCount;

  const read = await apiA.graphql(READ, { id: nodes[0].id }, tenant);
  expect(read.body.data.readUserNotification).toBe(nodes[0].id);
  const after = await apiA.graphql(GET, {}, tenant);
  expect(after.body.data.getUserNotifications.records.unreadCount).toBe(unreadBefore - 1);
  expect(after.body.data.getUserNotifications.records.nodes.map((n: { id: number }) => n.id)).not.toContain(nodes[0].id);
});

it('keeps each user to their own notifications: another user’s id reads as not found, lists never show it', async () => {
  const agent = await apiA.signIn('agent@demo.test');
  const theirs = await apiA.db.knex.transaction((trx) => createNotification(trx, { userId: tenantUserId, title: 'Private', message: 'For the tenant only.' }));
  const read = await apiA.graphql(READ, { id: theirs }, agent);
  expect(read.body.errors[0].extensions.code).toBe('NOT_FOUND');
  const list = await apiA.graphql(GET, { input: { includeRead: true, limit: 100 } }, agent);
  expect(list.body.data.getUserNotifications.records.nodes.map((n: { id: number }) => n.id)).not.toContain(theirs);
  expect((await apiA.db.knex('notifications').where({ id: theirs }).first('read')).read).toBe(false);
});

it('lets only staff broadcast, and only to houses and agencies of the group they name', async () => {
  const tenant = await apiA.signIn('tenant@demo.test');
  const asTenant = await apiA.graphql(BROADCAST, { input: { houseId: tenantHouseId, title: 'Hi', message: 'x' } }, tenant, { 'X-Group-ID': '1' });
  expect(asTenant.body.errors[0].extensions.code).toBe('FORBIDDEN');
  const otherGroupHouse = await apiA.db.knex('houses').where({ group_id: 2 }).first('id');
  const wrongGroup = await apiA.graphql(BROADCAST, { input: { houseId: otherGroupHouse.id, title: 'Hi', message: 'x' } }, staff, { 'X-Group-ID': '1' });
  expect(wrongGroup.body.errors[0].extensions.code).toBe('NOT_FOUND');
  const both = await apiA.graphql(BROADCAST, { input: { houseId: tenantHouseId, agencyId: 1, title: 'Hi', message: 'x' } }, staff, { 'X-Group-ID': '1' });
  expect(both.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  const empty = await apiA.graphql(BROADCAST, { input: { houseId: tenantHouseId, title: ' ', message: 'x' } }, staff, { 'X-Group-ID': '1' });
  expect(empty.body.errors[0].extensions.fields).toEqual([{ field: 'title', rule: 'required', message: 'Title is required' }]);
});

it('refuses a bad token, closes the sockets of a session that logs out, and drops silent or unauthorised sockets', async () => {
  const bad = await connect(urlA);
  bad.ws.send(JSON.stringify({ method: 'AUTHORIZATION', data: 'not-a-token' }));
  expect((await bad.closed).code).toBe(CLOSE_CODES.unauthorised);

  const neverAuthorises = await connect(urlA);
  expect((await neverAuthorises.closed).code).toBe(CLOSE_CODES.authTimeout);

  const silent = await authorised(urlA, await apiA.signIn('agent@demo.test'));
  const started = Date.now();
  expect((await silent.closed).code).toBe(CLOSE_CODES.silent);
  expect(Date.now() - started).toBeGreaterThanOrEqual(2 * TIMINGS.statusIntervalMs);

  const pinging = await authorised(urlA, await apiA.signIn('agent@demo.test'));
  const ping = setInterval(() => pinging.ws.send(JSON.stringify({ method: 'STATUS' })), TIMINGS.statusIntervalMs);
  await new Promise((resolve) => setTimeout(resolve, 4 * TIMINGS.statusIntervalMs));
  expect(pinging.ws.readyState).toBe(WebSocket.OPEN);
  clearInterval(ping);

  const token = await apiA.signIn('fo-agent@demo.test');
  const onA = await authorised(urlA, token);
  const logout = await apiA.graphql('mutation { logout }', {}, token);
  expect(logout.body.errors).toBeUndefined();
  expect((await onA.closed).code).toBe(CLOSE_CODES.sessionRevoked);
  const again = await connect(urlB);
  again.ws.send(JSON.stringify({ method: 'AUTHORIZATION', data: token }));
  expect((await again.closed).code).toBe(CLOSE_CODES.unauthorised);
  pinging.ws.close();
});

it('answers 404 for any other upgrade path', async () => {
  const ws = new WebSocket(`${urlA.replace(/^http/, 'ws')}/api/v2/other`);
  const failure = await new Promise<Error>((resolve) => ws.once('error', resolve));
  expect(failure.message).toContain('404');
});
