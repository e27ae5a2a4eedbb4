import request from 'supertest';
import { ANONYMOUS_WRITE_LIMITS } from '../auth/rate-limit';
import { startApiHarness, type ApiHarness } from '../testing';

/*
 * POST /api/v2/log and /page-views take anyone's writes: a body over 16 kB is refused before it is read,
 * and each address may write only so many per window (counted in PostgreSQL like sign-ins).
 */

let api: ApiHarness;
beforeAll(async () => (api = await startApiHarness({}, { demoData: false })));
afterAll(() => api.stop());

const post = (path: string, body: unknown, ip: string) => request(api.app.express).post(`/api/v2${path}`).set('X-Forwarded-For', ip).send(body as object);

it('refuses a log entry of 900 kB with 413 and stores nothing', async () => {
  const res = await post('/log', { message: 'x'.repeat(900_000) }, '198.51.100.20');
  expect(res.status).toBe(413);
  expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  expect(await api.db.knex('system_logs').where('source', 'client').count({ n: '*' }).first()).toEqual({ n: 0 });
  expect((await post('/page-views', { path: `/${'x'.repeat(20_000)}` }, '198.51.100.20')).status).toBe(413);
});

it.each([
  ['/log', { message: 'boom' }, ANONYMOUS_WRITE_LIMITS.log.limit],
  ['/page-views', { path: '/' }, ANONYMOUS_WRITE_LIMITS.pageViews.limit],
])('limits %s per address', async (path, body, limit) => {
  for (let i = 0; i < limit; i++) expect((await post(path, body, '203.0.113.5')).status).toBeLessThan(300);
  const refused = await post(path, body, '203.0.113.5');
  expect(refused.status).toBe(429);
  expect(refused.body.error.code).toBe('RATE_LIMITED');
  // Another address is not affected.
  expect((await post(path, body, '203.0.113.6')).status).toBeLessThan(300);
});
