import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { createKnex, ensureDatabase, runMigrations, type Knex } from '@app/db';
import { loadDemoData } from '@app/fixtures';
import { createApp } from '../app';
import { issueToken } from '../auth/sessions';
import { loadConfig } from '../config';
import { startBoss } from '../jobs/boss';
import { createQueues } from '../jobs/create-queues';
import { ALL_QUEUES } from '../jobs/queues';
import type { ManagedChild } from '../launcher/child-process';
import { startWorkersProcess } from '../launcher/workers-process';
import { startTestServer, withDatabase } from '../testing/server-for-tests';

/*
 * `npm run bench -- small-jobs` ("small jobs feel instant", issue Performance): what someone waiting on a small
 * file waits, without a browser, over real HTTP to the API (in this process) and a real workers process
 * (exports and usage reports), on the demo data set in a database of its own:
 * - a list export of the demo group's tenant contracts (about 140) as CSV: POST /api/v2/exports/csv → long-poll GET /exports/:id?wait
 *   → the file downloaded through its ?jwt= link (the token asked for while the job runs, as the back office
 *   does); beside it, enqueue → job start (the worker's pick-up, LISTEN/NOTIFY) from the export's own row;
 * - a statement PDF: the download token, then GET /api/v2/bills/:id/pdf (rendered on request, no job);
 * - a usage report of the agency with the fewest houses (one where the demo has one): requestUsageReport →
 *   long-poll GET /usage-reports/:id?wait → the CSV downloaded.
 * p50/p95 over SMALL_JOBS_RUNS (20) runs each; one JSON line at the end.
 */
const DATABASE = 'bills_bench_small_jobs';
const RUNS = Number(process.env.SMALL_JOBS_RUNS ?? 20);
const SECRET = new TextEncoder().encode('bench-small-jobs-secret-bench-small-jobs-01');
const WAIT_MS = 25_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

interface Client {
  rest: (path: string, init?: RequestInit) => Promise<Response>;
  graphql: <T>(query: string, variables: Record<string, unknown>) => Promise<T>;
}

function clientOf(baseUrl: string, token: string): Client {
  const headers = { authorization: `Bearer ${token}`, 'x-group-id': '1', 'content-type': 'application/json' };
  const rest = (path: string, init: RequestInit = {}) => fetch(`${baseUrl}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
  const graphql = async <T,>(query: string, variables: Record<string, unknown>): Promise<T> => {
    const answer = (await (await rest('/api/v2/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) })).json()) as { data?: T; errors?: Array<{ message: string }> };
    if (!answer.data || answer.errors?.length) throw new Error(answer.errors?.[0]?.message ?? 'no data');
    return answer.data;
  };
  return { rest, graphql };
}

/** The ?jwt= link of a file, as the back office asks for it (api/src/client/secure-download.ts). */
async function tokenised(client: Client, path: string): Promise<string> {
  const { downloadToken } = await client.graphql<{ downloadToken: string }>('mutation ($path: String!) { downloadToken(path: $path) }', { path });
  return `${path}?jwt=${encodeURIComponent(downloadToken)}`;
}

/** Downloads a link as the browser does (no Authorization header: the token rides in the URL); answers its bytes. */
async function download(baseUrl: string, url: string): Promise<number> {
  const res = await fetch(`${baseUrl}${url}`);
  if (!res.ok) throw new Error(`download ${url}: HTTP ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

/** Long-polls a status route until `done` (or a failure status). */
async function follow<T extends { status: string; error?: string | null }>(client: Client, path: string, done: string): Promise<T> {
  for (;;) {
    const res = await client.rest(`${path}?wait=${WAIT_MS}`);
    const status = (await res.json()) as T;
    if (!res.ok || status.status === 'FAILED') throw new Error(`${path}: ${JSON.stringify(status)}`);
    if (status.status === done) return status;
  }
}

async function csvExport(client: Client, baseUrl: string, knex: Knex): Promise<{ ms: number; pickUpMs: number; bytes: number; rows: number }> {
  const started = performance.now();
  const res = await client.rest('/api/v2/exports/csv', { method: 'POST', body: JSON.stringify({ fileName: 'tenant-contracts.csv', resource: 'TenantContract', filter: {}, sortField: 'id', sortOrder: 'DESC' }) });
  if (res.status !== 202) throw new Error(`export refused: HTTP ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const link = tokenised(client, `/api/v2/exports/${id}/download`);
  const done = await follow<{ status: string; downloadPath: string; rowCount: number }>(client, `/api/v2/exports/${id}`, 'DONE');
  const bytes = await download(baseUrl, await link);
  const ms = performance.now() - started;
  const row = (await knex('export_files').where({ id }).first(knex.raw('extract(epoch from started_at - created_at) * 1000 AS pick_up'))) as { pick_up: string };
  return { ms, pickUpMs: Number(row.pick_up), bytes, rows: done.rowCount };
}

async function statementPdf(client: Client, baseUrl: string, billId: number): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const bytes = await download(baseUrl, await tokenised(client, `/api/v2/bills/${billId}/pdf`));
  return { ms: performance.now() - started, bytes };
}

async function usageReport(client: Client, baseUrl: string, agencyId: number): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const { report } = await client.graphql<{ report: { id: string } }>(
    'mutation ($periodStart: String!, $periodEnd: String!, $agencyId: ID) { report: requestUsageReport(periodStart: $periodStart, periodEnd: $periodEnd, agencyId: $agencyId) { id } }',
    { periodStart: '2026-01-01', periodEnd: '2026-10-31', agencyId: String(agencyId) },
  );
  const link = tokenised(client, `/api/v2/usage-reports/${report.id}/download`);
  await follow(client, `/api/v2/usage-reports/${report.id}`, 'READY');
  const bytes = await download(baseUrl, await link);
  return { ms: performance.now() - started, bytes };
}

function summary(name: string, values: number[], extra: Record<string, unknown> = {}) {
  const figures = { p50_ms: round(percentile(values, 50)), p95_ms: round(percentile(values, 95)), max_ms: round(Math.max(...values)), runs: values.length, ...extra };
  console.log(`  ${name}: p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms, max ${figures.max_ms} ms over ${values.length} runs ${Object.keys(extra).length ? JSON.stringify(extra) : ''}`);
  return figures;
}

export async function smallJobsBenchmark(): Promise<void> {
  const { serverUrl, embedded } = await startTestServer();
  const url = withDatabase(serverUrl, DATABASE);
  await ensureDatabase(url);
  const knex = createKnex(url);
  const stops: Array<() => Promise<void>> = [];
  try {
    await runMigrations(knex);
    await loadDemoData(knex);
    await knex('rate_limit_counters').delete();
    const boss = await startBoss(url, 'sender');
    stops.unshift(() => boss.stop({ graceful: false, close: true }));
    await createQueues(boss, ALL_QUEUES);
    const workers: ManagedChild = startWorkersProcess('small-jobs-worker', { ...process.env, DATABASE_URL: url, WORKER_QUEUES: 'exports.run,reports.usage' });
    stops.push(() => workers.stop(10_000));
    await workers.ready;
    const app = await createApp({ db: knex, boss, config: loadConfig({ NODE_ENV: 'test' }), tokenSecret: SECRET, serveFrontends: false });
    stops.unshift(() => app.stop());
    const server = http.createServer(app.express);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    stops.unshift(() => new Promise((resolve) => server.close(() => resolve())));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const staff = await knex('users').whereRaw('lower(email) = ?', ['staff@demo.test']).first('id', 'role', 'backoffice_role_id');
    const { jwtToken } = await issueToken(knex, staff, { secret: SECRET, ttlSeconds: 3600, ip: null });
    const client = clientOf(baseUrl, jwtToken);
    const billId = Number((await knex('bills').where({ group_id: 1 }).orderBy('id').first('id')).id);
    const agency = (await knex('houses').where({ group_id: 1 }).whereNotNull('agency_id').groupBy('agency_id').orderByRaw('count(*), agency_id').first(knex.raw('agency_id, count(*)::int AS houses'))) as {
      agency_id: number;
      houses: number;
    };

    // One of each first, untimed: module loading and first queries of each path are not what anyone waits for twice.
    await csvExport(client, baseUrl, knex);
    await statementPdf(client, baseUrl, billId);
    await usageReport(client, baseUrl, agency.agency_id);

    const csv: number[] = [];
    const pickUp: number[] = [];
    const pdf: number[] = [];
    const usage: number[] = [];
    let rows = 0;
    for (let run = 0; run < RUNS; run++) {
      const exported = await csvExport(client, baseUrl, knex);
      csv.push(exported.ms);
      pickUp.push(exported.pickUpMs);
      rows = exported.rows;
      pdf.push((await statementPdf(client, baseUrl, billId)).ms);
      usage.push((await usageReport(client, baseUrl, agency.agency_id)).ms);
    }
    const load = os.loadavg().map((value) => value.toFixed(2));
    console.log(`  (load average ${load.join(' ')}, ${os.cpus().length} cores)`);
    const result = {
      bench: 'small-jobs',
      csv_export: summary(`CSV export, ${rows} rows (request → file)`, csv, { rows }),
      csv_export_pick_up: summary('  of which enqueue → job start (worker pick-up)', pickUp),
      statement_pdf: summary('statement PDF (token → file)', pdf),
      usage_report: summary(`usage report, agency ${agency.agency_id} (${agency.houses} house${agency.houses === 1 ? '' : 's'}) (request → file)`, usage, { houses: agency.houses }),
      load_average: load.map(Number),
    };
    console.log(JSON.stringify(result));
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
    await knex.destroy();
    await embedded?.stop();
  }
}
