import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, waitFor, type TestDatabase } from '../testing';
import { isAlive, startProduct, type ProductProcess } from '../testing/product-process';

// These tests run the whole product as `npm start` does: launcher, embedded PostgreSQL, API and workers.

async function json(url: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function stopWithSignal(product: ProductProcess): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  product.child.kill('SIGTERM');
  const code = await product.exited;
  return { code, ms: Date.now() - started };
}

async function countRows(url: string, sql: string, values: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(sql, values)).rows[0].n);
  } finally {
    await client.end();
  }
}

describe('npm start with the embedded PostgreSQL', () => {
  let first: ProductProcess;
  let pgPort: number;

  it('starts everything on one port with demo data, and stops in order, leaving no process behind', async () => {
    first = await startProduct();
    pgPort = Number(/127\.0\.0\.1:(\d+)/.exec(first.output().split('\n').find((l) => l.includes('Embedded PostgreSQL ready'))!)![1]);
    expect(first.output()).toContain('Creating the embedded PostgreSQL cluster');
    expect(first.output()).toContain('Loaded the demo data');
    expect(first.output()).toMatch(/e-mail adapter: file:\/\/.*mail; SMS adapter: sandbox:\/\//);

    expect(await json(`${first.baseUrl}/healthz`)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', jobQueue: 'ok' } } });
    const home = await fetch(`${first.baseUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    expect((await fetch(`${first.baseUrl}/admin/1/`)).status).toBe(200);
    expect((await fetch(`${first.baseUrl}/admin/`, { redirect: 'manual' })).headers.get('location')).toBe('/admin/1/');
    expect((await fetch(`${first.baseUrl}/no-such-page`)).status).toBe(404);
    const gql = await json(`${first.baseUrl}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-group-id': '1' },
      body: JSON.stringify({ query: '{ getEnabledFeatures }' }),
    });
    expect(gql.body).toEqual({ data: { getEnabledFeatures: ['directDebitFO', 'unlimitedFO', 'quotingFO'] } });
    // No address service key: the launcher's sandbox answers the address finder, and says so at start.
    expect(first.output()).toMatch(/Address lookup: sandbox:\/\/127\.0\.0\.1:\d+ \(\d+ addresses/);
    const found = await json(`${first.baseUrl}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ findAddress(text: "LS6 1AA") { type text } }' }),
    });
    expect(found.body).toEqual({ data: { findAddress: [{ type: 'Postcode', text: 'LS6 1AA' }] } });
    const logged = await json(`${first.baseUrl}/api/v2/log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'kept across restarts' }),
    });
    expect(logged.status).toBe(201);

    const pids = [...first.childPids(), postmasterPid(first.dataDir)];
    expect(pids).toHaveLength(3);
    const { code, ms } = await stopWithSignal(first);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10000);
    expect(pids.filter(isAlive)).toEqual([]);
  });

  it('keeps the data on a second start and does not load the demo data twice', async () => {
    const second = await startProduct({ dataDir: first.dataDir, pgPort });
    expect(second.output()).not.toContain('Creating the embedded PostgreSQL cluster');
    expect(second.output()).toContain('Demo data already present');
    const url = `postgres://postgres:postgres@127.0.0.1:${pgPort}/bills`;
    expect(await countRows(url, `SELECT count(*) AS n FROM system_logs WHERE message = $1`, ['kept across restarts'])).toBe(1);
    expect(await countRows(url, `SELECT count(*) AS n FROM system_logs WHERE message = 'Demo data loaded'`)).toBe(1);
    expect((await stopWithSignal(second)).code).toBe(0);
  });

  it('recovers by itself after the previous run was killed with SIGKILL', async () => {
    const killed = await startProduct({ dataDir: first.dataDir, pgPort });
    const children = killed.childPids();
    const orphan = postmasterPid(killed.dataDir);
    killed.child.kill('SIGKILL');
    await killed.exited;
    // The API and workers notice their launcher is gone and stop; PostgreSQL is left running on its own.
    await waitFor('the API and workers to stop by themselves', () => children.every((pid) => !isAlive(pid)));
    expect(isAlive(orphan)).toBe(true);

    const recovered = await startProduct({ dataDir: first.dataDir, pgPort });
    expect(recovered.output()).toContain(`Stopping PostgreSQL pid ${orphan} left running by an earlier run`);
    expect(isAlive(orphan)).toBe(false);
    expect((await json(`${recovered.baseUrl}/healthz`)).status).toBe(200);
    const postmaster = postmasterPid(recovered.dataDir);
    expect((await stopWithSignal(recovered)).code).toBe(0);
    expect(isAlive(postmaster)).toBe(false);
  });
});

describe('npm start with DATABASE_URL', () => {
  let db: TestDatabase;
  beforeAll(async () => (db = await createTestDatabase()));
  afterAll(() => db.drop());

  it('uses that server and starts no embedded PostgreSQL', async () => {
    const product = await startProduct({ databaseUrl: db.url });
    expect(product.output()).toContain('Using the PostgreSQL server at');
    expect(product.output()).not.toContain('Embedded PostgreSQL');
    expect(fs.existsSync(path.join(product.dataDir, 'postgres'))).toBe(false);
    expect((await json(`${product.baseUrl}/healthz`)).status).toBe(200);
    expect(await db.knex('fixture_loads').orderBy('name').pluck('name')).toEqual(['demo', 'demo-accounts', 'demo-brand', 'demo-direct-debit', 'demo-payments', 'demo-portfolio', 'demo-tenant-area']);
    expect((await stopWithSignal(product)).code).toBe(0);
  });
});
