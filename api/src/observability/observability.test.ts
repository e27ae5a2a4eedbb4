import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { startApiHarness, type ApiHarness } from '../testing';
import { requestObservability } from './http';
import { createLogger } from './logger';
import { metricsRoute, type Metrics } from './metrics';

/** A logger with the product's options whose output the test reads, one parsed object per line. */
function capturedLogger(level: 'info' | 'debug' = 'info') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ level, pretty: false }, sink), text: () => lines.join('\n'), entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('logs', () => {
  it('never writes passwords, tokens, cookies, Authorization headers or card and bank details', () => {
    const { logger, text, entries } = capturedLogger();
    logger.info(
      {
        password: 'Hunter2-password',
        input: { email: 'someone@demo.test', password: 'Nested-password1', newPassword: 'Nested-password2' },
        auth: { jwtToken: 'eyJ.secret.jwt', session: { token: 'deep-session-token' } },
        req: { headers: { authorization: 'Bearer secret-bearer', cookie: 'token=secret-cookie', 'user-agent': 'jest' } },
        res: { headers: { 'set-cookie': 'token=secret-set-cookie' } },
        card: { cardNumber: '4242424242424242', cvc: '123' },
        mandate: { sortCode: '108800', accountNumber: '12345628' },
        stripe: { apiKey: 'sk_test_secret', webhookSecret: 'whsec_secret' },
      },
      'sign-in attempt',
    );
    for (const secret of ['Hunter2', 'Nested-password', 'eyJ.secret', 'deep-session', 'secret-bearer', 'secret-cookie', 'secret-set-cookie', '4242424242424242', '"123"', '108800', '12345628', 'sk_test_secret', 'whsec_secret']) {
      expect(text()).not.toContain(secret);
    }
    expect(entries()[0]).toMatchObject({ level: 'info', msg: 'sign-in attempt', input: { email: 'someone@demo.test', password: '[Redacted]' }, req: { headers: { 'user-agent': 'jest', authorization: '[Redacted]' } } });
  });

  it('writes one line per request: method, route pattern, status, duration, user and request id, without headers', async () => {
    const { logger, entries } = capturedLogger();
    const app = express();
    const seen: Array<[string, number]> = [];
    app.use(requestObservability({ logger, observe: (operation, status) => seen.push([operation.label, status]) }));
    app.use((_req, res, next) => {
      res.locals.user = { id: 42 };
      next();
    });
    const items = express.Router();
    items.get('/items/:id', (req, res) => void res.json({ id: req.params.id }));
    app.use('/api/v2', items);

    const res = await request(app).get('/api/v2/items/123?jwt=download-token').set({ Authorization: 'Bearer secret-bearer', 'X-Request-Id': 'trace-0001' });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-0001');
    const [line] = entries().filter((entry) => entry.component === 'http');
    expect(line).toMatchObject({ level: 'info', reqId: 'trace-0001', method: 'GET', path: '/api/v2/items/123', operation: 'GET /api/v2/items/:id', status: 200, userId: 42, durationMs: expect.any(Number), msg: 'GET /api/v2/items/:id 200 in ' + String(line?.durationMs) + ' ms (user 42)' });
    expect(JSON.stringify(entries())).not.toMatch(/secret-bearer|download-token|headers/);
    expect(seen).toEqual([['GET /api/v2/items/:id', 200]]);
  });

  it('replaces a request id that is not short and plain', async () => {
    const app = express();
    app.use(requestObservability({ logger: capturedLogger().logger }));
    app.get('/', (_req, res) => void res.send('ok'));
    for (const bad of ['has spaces in it', 'x'.repeat(200), '<script>']) {
      const res = await request(app).get('/').set('X-Request-Id', bad);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers 404, as if it did not exist', async () => {
    const metrics: Metrics = { contentType: 'text/plain', observeRequest: () => undefined, scrape: () => Promise.resolve('secret_figures 1') };
    const app = express().use(metricsRoute(metrics, null));
    const res = await request(app).get('/metrics').set('Authorization', 'Bearer anything-at-all-really');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('secret_figures');
  });
});

describe('the API', () => {
  const TOKEN = 'metrics-token-for-the-test-0123';
  let api: ApiHarness;
  beforeAll(async () => (api = await startApiHarness({ METRICS_TOKEN: TOKEN }, { demoData: false })));
  afterAll(() => api.stop());

  const scrape = (token?: string) => {
    const call = request(api.app.express).get('/metrics');
    return token ? call.set('Authorization', `Bearer ${token}`) : call;
  };

  it('refuses /metrics without the token or with another', async () => {
    for (const res of [await scrape(), await scrape('not-the-metrics-token-0000'), await request(api.app.express).get('/metrics').set('Authorization', TOKEN)]) {
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.text).not.toContain('bills_');
    }
  });

  it('answers the Prometheus text format: request durations by operation, the pool, queues by state and job run times', async () => {
    const features = await api.graphql('query EnabledFeatures { getEnabledFeatures }');
    expect(features.status).toBe(200);
    await api.boss.createQueue('metrics-test');
    const [first] = await Promise.all([api.boss.send('metrics-test', {}), api.boss.send('metrics-test', {})]);
    await api.db.knex.raw("UPDATE pgboss.job SET state = 'completed', started_on = now() - interval '2 seconds', completed_on = now() WHERE id = ?", [first]);

    const res = await scrape(TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toMatch(/^# HELP bills_http_request_duration_seconds /m);
    expect(res.text).toMatch(/^bills_http_request_duration_seconds_count\{operation="graphql EnabledFeatures",status_class="2xx"\} 1$/m);
    expect(res.text).toMatch(/^bills_db_pool_connections\{state="used"\} \d+$/m);
    expect(res.text).toMatch(/^bills_db_pool_connections\{state="pending_acquires"\} 0$/m);
    expect(res.text).toMatch(/^bills_db_pool_max \d+$/m);
    expect(res.text).toMatch(/^bills_metrics_database_up 1$/m);
    expect(res.text).toMatch(/^bills_jobs\{queue="metrics-test",state="created"\} 1$/m);
    expect(res.text).toMatch(/^bills_jobs\{queue="metrics-test",state="completed"\} 1$/m);
    expect(res.text).toMatch(/^bills_jobs_finished_recent\{queue="metrics-test",state="completed"\} 1$/m);
    expect(Number(/^bills_job_duration_seconds\{queue="metrics-test",stat="max"\} (\S+)$/m.exec(res.text)?.[1])).toBeCloseTo(2, 1);
    expect(res.text).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('gives every error answer the request id of its X-Request-Id header', async () => {
    const rest = await request(api.app.express).get('/api/v2/no-such-route/17');
    expect(rest.status).toBe(404);
    expect(rest.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(rest.body.error).toMatchObject({ code: 'NOT_FOUND', requestId: rest.headers['x-request-id'] });

    const refused = await api.graphql('mutation Login($input: LoginInput!) { login(input: $input) { role } }', { input: { email: 'nobody@demo.test', password: 'Wrong1234' } }, null, { 'X-Request-Id': 'client-trace-42' });
    expect(refused.headers['x-request-id']).toBe('client-trace-42');
    expect(refused.body.errors[0].extensions).toMatchObject({ code: expect.any(String), requestId: 'client-trace-42' });

    const invalid = await api.graphql('query { noSuchField }');
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].extensions.requestId).toBe(invalid.headers['x-request-id']);

    const malformed = await request(api.app.express).post('/api/v2/graphql').set('Content-Type', 'application/json').send('{"query": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.requestId).toBe(malformed.headers['x-request-id']);
  });
});
