import request from 'supertest';
import { createApp, type App } from '../app';
import { loadConfig } from '../config';
import { startBoss, type PgBoss } from '../jobs/boss';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let db: TestDatabase;
let boss: PgBoss;
let app: App;

beforeAll(async () => {
  db = await createTestDatabase();
  boss = await startBoss(db.url, 'sender');
  app = await createApp({ db: db.knex, boss, config: loadConfig({}), serveFrontends: false });
});

afterAll(async () => {
  await app.stop();
  await boss.stop({ graceful: false, close: true });
  await db.drop();
});

const graphql = (query: string, headers: Record<string, string> = {}) =>
  request(app.express).post('/api/v2/graphql').set(headers).send({ query });

it('answers queries with the switched-on feature flags and the London date', async () => {
  await db.knex('feature_flags').where({ name: 'quotingFO' }).update({ enabled: true });
  const res = await graphql('{ getEnabledFeatures getSystemCurrentDate }', { 'X-Group-ID': '1', Authorization: 'Bearer abc' }).expect(200);
  expect(res.body.data.getEnabledFeatures).toEqual(['quotingFO']);
  expect(res.body.data.getSystemCurrentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

it('refuses an X-Group-ID that is not a positive whole number with a stable code', async () => {
  const res = await graphql('{ getSystemCurrentDate }', { 'X-Group-ID': 'abc' }).expect(400);
  expect(res.body.errors[0]).toMatchObject({ message: 'X-Group-ID must be a positive whole number', extensions: { code: 'BAD_USER_INPUT' } });
});

it('reports an unknown field as a validation error, with no stack trace', async () => {
  const res = await graphql('{ noSuchField }').expect(400);
  expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  expect(JSON.stringify(res.body)).not.toContain('stacktrace');
});
