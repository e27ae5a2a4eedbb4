import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { repoRoot } from '@app/db';
import { createApp, type App } from '../app';
import { loadConfig } from '../config';
import { startBoss, type PgBoss } from '../jobs/boss';
import { createTestDatabase, type TestDatabase } from '../testing';
import { inlineScriptHashes } from './security-headers';

/*
 * The headers a browser enforces, on the site, the back office and the API: no inline script but the
 * prerendered pages' own (by hash), no framing, no MIME sniffing, a strict referrer, HSTS over HTTPS only.
 */

let db: TestDatabase;
let boss: PgBoss;
const apps: App[] = [];
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

async function product(env: NodeJS.ProcessEnv): Promise<App> {
  const app = await createApp({ db: db.knex, boss, config: loadConfig({ NODE_ENV: 'test', ...env }), tokenSecret: secret, serveFrontends: true });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  db = await createTestDatabase({ withDemoData: false });
  boss = await startBoss(db.url, 'sender');
});
afterAll(async () => {
  for (const app of apps) await app.stop();
  await boss.stop({ graceful: false, close: true });
  await db.drop();
});

const csp = (header: string) => Object.fromEntries(header.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

it.each(['/', '/admin/1/', '/api/v2/config'])('%s carries the security headers', async (url) => {
  const app = await product({});
  const res = await request(app.express).get(url);
  expect(res.status).toBe(200);
  const policy = csp(res.headers['content-security-policy'] as string);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['script-src']).not.toContain("'unsafe-inline'");
  expect(policy['script-src']).not.toContain("'unsafe-eval'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Plain HTTP (a local run): no HSTS, which would pin the browser to an HTTPS that is not there.
  expect(res.headers['strict-transport-security']).toBeUndefined();
});

it("allows exactly the prerendered pages' own inline scripts, by hash", async () => {
  const app = await product({});
  const res = await request(app.express).get('/');
  const scriptSrc = csp(res.headers['content-security-policy'] as string)['script-src'];
  const html = fs.readFileSync(path.join(repoRoot, 'site', 'dist', 'index.html'), 'utf8');
  const nomodule = /<script nomodule>([\s\S]*?)<\/script>/.exec(html);
  if (nomodule) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(nomodule[1]!).digest('base64')}'`);
  // JSON-LD is data, not script: it needs no hash.
  expect(inlineScriptHashes(['<script type="application/ld+json">{"a":1}</script>'])).toEqual([]);
  expect(inlineScriptHashes(['<script>alert(1)</script><script src="/x.js"></script>'])).toHaveLength(1);
});

it('allows the hosts of the trackers TRACKER_IDS names, and only those', async () => {
  const app = await product({ TRACKER_IDS: 'analytics=G-TEST,facebookPixel=FB-TEST' });
  const policy = csp((await request(app.express).get('/')).headers['content-security-policy'] as string);
  expect(policy['script-src']).toEqual(expect.arrayContaining(['https://www.googletagmanager.com', 'https://connect.facebook.net']));
  expect(policy['img-src']).toContain('https://www.facebook.com');
  expect(policy['script-src']).not.toContain('https://widget.intercom.io');
});

it('sends HSTS when served over HTTPS', async () => {
  const app = await product({ BASE_URL: 'https://bills.example.com' });
  const res = await request(app.express).get('/api/v2/config');
  expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
});

it('believes X-Forwarded-For only from the configured proxies', async () => {
  const direct = await product({ TRUST_PROXY: 'false' });
  for (let i = 0; i < 3; i++) await request(direct.express).post('/api/v2/page-views').set('X-Forwarded-For', `198.51.100.${i}`).send({ path: '/' });
  const keys = (await db.knex('rate_limit_counters').where('key', 'like', 'pageViews:ip:%').select('key')).map((row) => row.key);
  expect(keys.some((key: string) => key.includes('198.51.100.'))).toBe(false);
});
