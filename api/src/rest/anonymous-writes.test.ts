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

/**
 * The counters are fixed windows on the clock (every 10 minutes from the epoch): a burst that straddles a
 * window's end is counted in two windows and never refused. Close to the end, the test waits for the next.
 */
async function awayFromWindowEnd(windowMinutes: number, burstMs = 60_000): Promise<void> {
  const windowMs = windowMinutes * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < burstMs) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

it.each([
  ['/log', { message: 'boom' }, ANONYMOUS_WRITE_LIMITS.log],
  ['/page-views', { path: '/' }, ANONYMOUS_WRITE_LIMITS.pageViews],
])('limits %s per address', async (path, body, { limit, windowMinutes }) => {
  await awayFromWindowEnd(windowMinutes);
  for (let i = 0; i < limit; i++) expect((await post(path, body, '203.0.113.5')).status).toBeLessThan(300);
  const refused = await post(path, body, '203.0.113.5');
  expect(refused.status).toBe(429);
  expect(refused.body.error.code).toBe('RATE_LIMITED');
  // Another address is not affected.
  expect((await post(path, body, '203.0.113.6')).status).toBeLessThan(300);
}, 150_000);
