import { signToken, tokenVerifications, verifyToken } from '../auth/tokens';
import { groupExists } from '../auth/group-membership';
import { mappingBuilds } from '../modules/records/record-mapping';
import { startApiHarness, type ApiHarness } from '../testing';

/*
 * What one GraphQL request costs the API, in work that does not show in a single timing: the causes found by
 * `npm run bench -- api` (20 concurrent clients), each of which would come back unnoticed otherwise.
 */

let api: ApiHarness;
let staff: string;
beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
});
afterAll(() => api.stop());

const LIST = `query ($filter: JSON) {
  items: allMeterReadings(page: 0, perPage: 100, filter: $filter) { id meterId readingDate value status source }
  total: _allMeterReadingsMeta(filter: $filter) { count } }`;
const list = () => api.graphql(LIST, { filter: {} }, staff, { 'X-Group-ID': '1' }).expect(200);

async function sqlOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (query: { sql: string }) => seen.push(query.sql);
  api.db.knex.on('query', listener);
  try {
    await run();
  } finally {
    api.db.knex.removeListener('query', listener);
  }
  return seen;
}

it('reads the session once per GraphQL request (not in the REST middleware and again in the context)', async () => {
  await list();
  const sql = await sqlOf(list);
  expect(sql.filter((statement) => /from "sessions"/.test(statement))).toHaveLength(1);
});

it('looks the X-Group-ID group up once, not on every request (groups are never deleted)', async () => {
  await list();
  const sql = await sqlOf(list);
  expect(sql.filter((statement) => /from "groups"/.test(statement))).toHaveLength(0);
  // What is left of a list request: the session, the page's ids, their rows and the count.
  expect(sql).toHaveLength(4);
  // A group that does not exist is asked about each time (it may be created later).
  expect(await groupExists(api.db.knex, 987_654)).toBe(false);
  const again = await sqlOf(() => groupExists(api.db.knex, 987_654));
  expect(again).toHaveLength(1);
});

it('verifies a token signature once, then only its expiry', async () => {
  const token = await api.signIn('staff@demo.test');
  const before = tokenVerifications.count;
  for (let i = 0; i < 3; i += 1) await api.graphql('{ checkAuth }', {}, token).expect(200);
  expect(tokenVerifications.count - before).toBe(1);
});

it('keeps refusing tampered and expired tokens when a good one is cached', async () => {
  const secret = new TextEncoder().encode('request-cost-secret-request-cost-secret-0');
  const claims = { user_id: 1, role: 'backoffice' as const, sid: 'session-1', options: { user_permissions: null } };
  const good = await signToken(claims, secret, 60);
  expect(await verifyToken(good, secret)).toMatchObject({ user_id: 1, sid: 'session-1' });
  expect(await verifyToken(good, secret)).toMatchObject({ user_id: 1 });
  const [header, payload, signature] = good.split('.');
  const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), user_id: 2 })).toString('base64url');
  expect(await verifyToken(`${header}.${forged}.${signature}`, secret)).toBeNull();
  expect(await verifyToken(good, new TextEncoder().encode('another-secret-another-secret-another-sec'))).toBeNull();
  const expired = await signToken(claims, secret, -1);
  expect(await verifyToken(expired, secret)).toBeNull();
});

it('works out a resource’s columns once, not once per row', async () => {
  await list();
  const before = mappingBuilds.count;
  const res = await list();
  expect(res.body.data.items.length).toBeGreaterThan(1);
  expect(mappingBuilds.count).toBe(before);
});

it("reads a tenant's contracts with their house, house contract and services in one statement, and the account in one round", async () => {
  const tenant = await api.signIn('tenant@demo.test');
  const account = () => api.graphql('{ tenantAccount { contract { id } balancePence paymentMethods { kind } schedules { status } } }', {}, tenant).expect(200);
  expect((await account()).body.errors).toBeUndefined();
  const sql = await sqlOf(account);
  expect(sql.filter((statement) => /from "services"|from "houses"|from "house_contracts"/.test(statement))).toHaveLength(0);
  expect(sql.filter((statement) => /from "tenant_contracts"/.test(statement))).toHaveLength(1);
  // The session, the date, the contracts, then ledger, statements, methods, schedules and mandates side by side (and meters when a reading is due).
  expect(sql.length).toBeLessThanOrEqual(10);
});

it("reads each of the agent dashboard's lists with its count in one statement", async () => {
  const agent = await api.signIn('agent@demo.test');
  const dashboard = () => api.graphql('{ agentDashboard { contractsStarting { total nodes { id } } contractsEnding { total } readingsDue { total } billingIssues { total } } }', {}, agent).expect(200);
  expect((await dashboard()).body.errors).toBeUndefined();
  const sql = await sqlOf(dashboard);
  expect(sql.filter((statement) => /count\(\*\) over \(\)/.test(statement))).toHaveLength(4);
  expect(sql.filter((statement) => /count\(\*\) as "count"/.test(statement))).toHaveLength(0);
});
