import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKnex, ensureDatabase, type Knex } from '@app/db';
import { defaultAnchor } from '@app/fixtures/src/scale/build-scale';
import { hashPassword } from '../auth';
import { londonDate } from '../rules';
import { startTestServer, withDatabase } from '../testing/server-for-tests';
import { AGENT_EMAIL, AGENT_PASSWORD, prepareAgency } from './agent-lists.bench';
import { startBenchApi } from './bench-api';
import { ensureScaleSet, SCALE_DATABASE } from './scale-set';

/*
 * `npm run bench -- api`: the API under load. The production app (the one bench-api.ts builds: createApp with
 * its real auth, GraphQL limits and a pool of 10) runs in a child process of its own, as `npm start` runs it,
 * on the scale set of `npm run bench -- lists`; this process is the load generator, keeping 1, 20 and 50
 * requests in flight over keep-alive connections, cycling through the busiest operations of the back office,
 * the tenant dashboard and the agent dashboard.
 *
 * The floor: the same child serves, on a bare node:http port, the SQL each operation's resolvers end up running
 * (recorded with a knex query listener on one calibrating call; the context's own session and group look-ups are
 * left out, except for checkAuth, whose answer is the session), replayed through the same knex pool, the
 * statements of one operation at once, the rows JSON-encoded. The ratio API / floor says how much of the
 * throughput the API's own work (auth, GraphQL, resolvers, mapping) costs on top of the database's.
 *
 * BENCH_API_SECONDS (default 6) per level and target; BENCH_API_LEVELS (default 1,20,50);
 * BENCH_API_PROFILE=<folder> runs the API child under `node --cpu-prof` writing there.
 */

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 6);
const LEVELS = (process.env.BENCH_API_LEVELS ?? '1,20,50').split(',').map(Number);
const TENANT_EMAIL = 'bench-api-tenant@bench.test';
const PASSWORD = 'Bench-api-1234';

interface Operation {
  name: string;
  query: string;
  variables: Record<string, unknown>;
  as: 'admin' | 'tenant' | 'agent';
}

/** Typical filter values, from group 1's busiest records (the idea of lists.bench's sampleFilters). */
async function sampleFilters(knex: Knex) {
  const one = async (sql: string) => Object.values(((await knex.raw(sql)) as { rows: Array<Record<string, number>> }).rows[0] ?? { v: 0 })[0]!;
  const anchor = defaultAnchor(londonDate(new Date()));
  return {
    houseId: await one(`SELECT house_id FROM meter_readings WHERE group_id = 1 ORDER BY house_id DESC LIMIT 1`),
    houseContractId: await one(`SELECT house_contract_id FROM tenant_contracts WHERE group_id = 1 ORDER BY house_contract_id DESC LIMIT 1`),
    billTenantContractId: await one(`SELECT tenant_contract_id FROM bills WHERE group_id = 1 AND tenant_contract_id IS NOT NULL ORDER BY id DESC LIMIT 1`),
    paymentTenantContractId: await one(`SELECT tenant_contract_id FROM payments WHERE group_id = 1 ORDER BY id DESC LIMIT 1`),
    rangeFrom: new Date(Date.parse(anchor) - 60 * 86_400_000).toISOString().slice(0, 10),
    rangeTo: new Date(Date.parse(anchor) - 30 * 86_400_000).toISOString().slice(0, 10),
  };
}

/** A tenant of group 1 with a live contract rich in ledger entries and bills, signed in as a site tenant would be. */
async function prepareTenant(knex: Knex): Promise<number> {
  const { rows } = (await knex.raw(`SELECT tc.id, tc.user_id FROM tenant_contracts tc
    WHERE tc.group_id = 1 AND tc.status = 'ACTIVE' AND EXISTS (SELECT 1 FROM bills b WHERE b.tenant_contract_id = tc.id)
    ORDER BY (SELECT count(*) FROM ledger_entries l WHERE l.tenant_contract_id = tc.id) DESC, tc.id LIMIT 1`)) as { rows: Array<{ id: number; user_id: number }> };
  const contract = rows[0];
  if (!contract) throw new Error('the scale set has no active tenant contract with bills in group 1');
  const holder = await knex('users').whereRaw('lower(email) = ?', [TENANT_EMAIL]).first('id');
  if (holder && holder.id !== contract.user_id) await knex('users').where({ id: holder.id }).update({ email: `moved-${holder.id}-${TENANT_EMAIL}` });
  await knex('users').where({ id: contract.user_id }).update({ email: TENANT_EMAIL, password_hash: await hashPassword(PASSWORD), confirmed_at: knex.fn.now(), status: 'ACTIVE' });
  return contract.id;
}

// The site's documents, as sent: site/src/pages/tenant/tenant-api.ts (USER_CONTRACTS), account-query.ts (TENANT_ACCOUNT),
// site/src/pages/agent/AgentPortal.tsx (CURRENT_AGENT), AgentDashboardPage.tsx (DASHBOARD).
const USER_CONTRACTS = `query { getUserContracts { currentUser { id firstName lastName email isEnergyBill } hasEnergyUseContracts contracts { id startDate endDate signUpDate eoyAction status paymentMethod planType billingType address period houseContract { id numberOfTenants house { id bedrooms address { streetName address2 cityName county postCode } } services { id utilityType utilityStatus broadbandSpeed broadbandChange changeStatus requestedBroadbandSpeed } } } } }`;
const TENANT_ACCOUNT = `query ($id: Int) { tenantAccount(contractId: $id) {
  contract { id startDate endDate period address billingType planType eoyAction }
  balancePence chargedPence paidPence
  ledger { id date kind description amountPence balancePence billId }
  upcoming { id date description amountPence }
  statements { id kind state periodStart periodEnd issueDate dueDate totalPence }
  paymentMethods { id kind isActive cardLast4 cardExpiryMonth cardExpiryYear mandateStatus mandateReference accountNumberEnding }
  schedules { id kind scheduleType amountPence paymentDay startDate endDate times status }
  nextPayment { date amountPence method }
  tasks { kind text link }
} }`;
const CURRENT_AGENT = '{ currentAgent { id isFO city { id city } agencies { nodes { rootAccount portalPermissions agencyInfo { id name isActive } } } } }';
const DATED = 'total nodes { id houseId address date billingStatus lastReadingDate }';
const AGENT_DASHBOARD = `query ($agencyId: Int) { agentDashboard(agencyId: $agencyId) { agencyName housesByStatus { key count } contractsByAgencyStatus { key count }
  contractsStarting { ${DATED} } contractsEnding { ${DATED} } readingsDue { ${DATED} } billingIssues { ${DATED} } tenantsToSign { houseId address names } actions { kind houseId text } } }`;

const PLURALS: Record<string, string> = { MeterReading: 'MeterReadings', TenantContract: 'TenantContracts', Bill: 'Bills', Payment: 'Payments', LedgerEntry: 'LedgerEntries' };

function listOperation(resource: string, label: string, fields: string, args: { page?: number; perPage?: number; filter?: Record<string, unknown>; sortField?: string; sortOrder?: string }): Operation {
  const plural = PLURALS[resource]!;
  const query = `query all${plural}($page: Int, $perPage: Int, $sortField: String, $sortOrder: String, $filter: JSON) {
    items: all${plural}(page: $page, perPage: $perPage, sortField: $sortField, sortOrder: $sortOrder, filter: $filter) { ${fields} }
    total: _all${plural}Meta(filter: $filter) { count } }`;
  return { name: `${resource} ${label}`, query, variables: { page: args.page ?? 0, perPage: args.perPage ?? 25, sortField: args.sortField, sortOrder: args.sortOrder, filter: args.filter ?? {} }, as: 'admin' };
}

async function operations(knex: Knex, tenantContractId: number, fieldsOf: (type: string) => Promise<string>): Promise<Operation[]> {
  const f = await sampleFilters(knex);
  const range = (field: string) => ({ [`${field}_gte`]: f.rangeFrom, [`${field}_lte`]: f.rangeTo });
  const fields: Record<string, string> = {};
  for (const resource of Object.keys(PLURALS)) fields[resource] = await fieldsOf(resource);
  const list = (resource: string, label: string, args: Parameters<typeof listOperation>[3] = {}) => listOperation(resource, label, fields[resource]!, args);
  const showId = f.billTenantContractId;
  return [
    list('MeterReading', 'page 1'),
    list('MeterReading', 'status PENDING', { filter: { status: 'PENDING' } }),
    list('MeterReading', 'by house', { filter: { houseId: f.houseId } }),
    list('MeterReading', 'date range, page 10', { filter: range('readingDate'), page: 9 }),
    // The issue's case: 100 rows of six scalar fields.
    listOperation('MeterReading', '100 rows, 6 fields', 'id meterId readingDate value status source', { perPage: 100 }),
    list('TenantContract', 'status ACTIVE', { filter: { status: 'ACTIVE' } }),
    list('TenantContract', 'by house contract', { filter: { houseContractId: f.houseContractId } }),
    list('Bill', 'page 1'),
    list('Bill', 'issue date range', { filter: range('issueDate') }),
    list('Payment', 'page 1'),
    list('Payment', 'status OUTSTANDING', { filter: { status: 'OUTSTANDING' } }),
    { name: 'TenantContract show', query: `query ($id: ID!) { data: TenantContract(id: $id) { ${fields.TenantContract} } }`, variables: { id: showId }, as: 'admin' },
    // Its tabs: the related lists (catalogue `related`), 10 a page as RelatedList asks.
    list('LedgerEntry', 'tab of the contract', { perPage: 10, filter: { tenantContractId: showId } }),
    list('Bill', 'tab of the contract', { perPage: 10, filter: { tenantContractId: showId } }),
    list('Payment', 'tab of the contract', { perPage: 10, filter: { tenantContractId: f.paymentTenantContractId } }),
    { name: 'checkAuth', query: '{ checkAuth }', variables: {}, as: 'admin' },
    { name: 'tenant getUserContracts', query: USER_CONTRACTS, variables: {}, as: 'tenant' },
    { name: 'tenant tenantAccount', query: TENANT_ACCOUNT, variables: { id: tenantContractId }, as: 'tenant' },
    { name: 'agent currentAgent', query: CURRENT_AGENT, variables: {}, as: 'agent' },
    { name: 'agent agentDashboard', query: AGENT_DASHBOARD, variables: {}, as: 'agent' },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// The child: the API and the floor server, on one knex pool.

type PgConnection = { query(sql: string, bindings: unknown[]): Promise<{ rows: unknown[] }> };
interface Replay {
  sql: string;
  bindings: unknown[];
}
type ToChild = { kind: 'floor'; replays: Replay[][] } | { kind: 'record'; start: boolean } | { kind: 'stop' };
type ToParent = { kind: 'ready'; endpoint: string; floor: string; adminToken: string } | { kind: 'recorded'; queries: Replay[] } | { kind: 'floor-ready' };

async function serveChild(): Promise<void> {
  const send = (message: ToParent) => process.send!(message);
  const url = process.env.BENCH_API_DATABASE_URL!;
  const knex = createKnex(url);
  // bench-api.ts keeps its endpoint to itself: read it off its first request.
  let endpoint = '';
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    endpoint ||= String(input);
    return realFetch(input, init);
  }) as typeof fetch;
  const api = await startBenchApi(knex, url);
  globalThis.fetch = realFetch;

  let recording: Replay[] | null = null;
  knex.on('query', (query: { sql: string; bindings?: unknown[] }) => recording?.push({ sql: query.sql, bindings: [...(query.bindings ?? [])] }));

  let replays: Replay[][] = [];
  // The recorded SQL is in PostgreSQL's own form ($1, $2 …): run it on a connection of the same knex pool.
  const client = knex.client as { acquireConnection(): Promise<PgConnection>; releaseConnection(connection: PgConnection): Promise<void> };
  const runNative = async ({ sql, bindings }: Replay) => {
    const connection = await client.acquireConnection();
    try {
      return (await connection.query(sql, bindings)).rows;
    } finally {
      await client.releaseConnection(connection);
    }
  };
  const floor = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { op } = JSON.parse(Buffer.concat(chunks).toString()) as { op: number };
      Promise.all(replays[op]!.map(runNative))
        .then((rows) => {
          const body = JSON.stringify({ data: rows });
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
        })
        .catch((error: Error) => res.writeHead(500).end(JSON.stringify({ errors: [{ message: error.message, replays: replays[op] }] })));
    });
  });
  await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', () => resolve()));

  process.on('message', (message: ToChild) => {
    if (message.kind === 'record') {
      if (message.start) recording = [];
      else {
        send({ kind: 'recorded', queries: recording ?? [] });
        recording = null;
      }
    } else if (message.kind === 'floor') {
      replays = message.replays;
      send({ kind: 'floor-ready' });
    } else if (message.kind === 'stop') {
      void (async () => {
        await new Promise((resolve) => floor.close(resolve));
        await api.stop();
        await knex.destroy();
        process.exit(0);
      })();
    }
  });
  send({ kind: 'ready', endpoint, floor: `http://127.0.0.1:${(floor.address() as AddressInfo).port}/`, adminToken: api.token });
}

// ---------------------------------------------------------------------------------------------------------
// The load generator.

interface Timing {
  op: number;
  ms: number;
}

function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** Keeps `concurrency` requests in flight for SECONDS, each client walking the mix from its own starting point. */
async function drive(concurrency: number, count: number, request: (op: number) => Promise<void>): Promise<{ timings: Timing[]; seconds: number }> {
  const timings: Timing[] = [];
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      for (let i = client; performance.now() < until; i += 1) {
        const op = i % count;
        const t0 = performance.now();
        await request(op);
        timings.push({ op, ms: performance.now() - t0 });
      }
    }),
  );
  return { timings, seconds: (performance.now() - started) / 1000 };
}

function summarise(timings: Timing[], seconds: number) {
  return { rps: timings.length / seconds, ...quantiles(timings.map((t) => t.ms)) };
}

const fmt = (n: number) => n.toFixed(1).padStart(7);

export async function apiBenchmark(): Promise<void> {
  const { serverUrl, embedded } = await startTestServer();
  const url = withDatabase(serverUrl, SCALE_DATABASE);
  await ensureDatabase(url);
  const knex = createKnex(url, { poolMax: 2 });
  let child: ChildProcess | null = null;
  let agent = new http.Agent({ keepAlive: true });
  try {
    await ensureScaleSet(knex);
    const tenantContractId = await prepareTenant(knex);
    // The agent of the agent portal's lists bench: the first group-1 agency with 2,000 houses, FULL access.
    await prepareAgency(knex);

    const profile = process.env.BENCH_API_PROFILE;
    // As deployed (Dockerfile): NODE_ENV=production (graphql-js without its development checks, JSON log lines).
    // The access log goes to a file, as it would go to a collector, not into the bench's own output.
    const logFile = path.join(os.tmpdir(), 'bench-api-server.log');
    const log = fs.openSync(logFile, 'w');
    child = fork(__filename, [], {
      env: { ...process.env, NODE_ENV: 'production', BENCH_API_CHILD: '1', BENCH_API_DATABASE_URL: url, APP_PROCESS_NAME: 'bills-api' },
      execArgv: ['--import', 'tsx', ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])],
      stdio: ['ignore', log, 'inherit', 'ipc'],
    });
    fs.closeSync(log);
    console.log(`API process ${child.pid} (NODE_ENV=production, its log in ${logFile})`);
    const messages: ToParent[] = [];
    const waiters: Array<() => void> = [];
    child.on('message', (message: ToParent) => {
      messages.push(message);
      waiters.splice(0).forEach((wake) => wake());
    });
    const exited = new Promise<never>((_, reject) => child!.on('exit', (code) => reject(new Error(`the API process exited (${code})`))));
    const next = async <K extends ToParent['kind']>(kind: K): Promise<Extract<ToParent, { kind: K }>> => {
      for (;;) {
        const index = messages.findIndex((m) => m.kind === kind);
        if (index >= 0) return messages.splice(index, 1)[0] as Extract<ToParent, { kind: K }>;
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), exited]);
      }
    };
    const ready = await next('ready');

    // A fresh keep-alive pool for each run: sockets left idle while the other target runs would be closed by
    // the server's keep-alive timeout and fail on reuse.
    const freshAgent = () => {
      agent.destroy();
      agent = new http.Agent({ keepAlive: true });
    };
    const postRaw = (target: string, body: string, headers: Record<string, string>) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(target, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(body);
      });
    const graphql = async (query: string, variables: Record<string, unknown>, token: string | null, group: boolean) => {
      const headers: Record<string, string> = { ...(group ? { 'x-group-id': '1' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const { text } = await postRaw(ready.endpoint, JSON.stringify({ query, variables }), headers);
      return JSON.parse(text) as { data?: Record<string, unknown>; errors?: Array<{ message: string }> };
    };
    const signIn = async (email: string, password: string, userRole: string) => {
      const answer = await graphql('mutation ($input: LoginInput!) { login(input: $input) { auth { jwtToken } } }', { input: { email, password, userRole } }, null, false);
      const token = (answer.data?.login as { auth?: { jwtToken?: string } } | undefined)?.auth?.jwtToken;
      if (!token) throw new Error(`${userRole} sign-in failed: ${JSON.stringify(answer.errors ?? answer)}`);
      return token;
    };
    const tokens = { admin: ready.adminToken, tenant: await signIn(TENANT_EMAIL, PASSWORD, 'tenant'), agent: await signIn(AGENT_EMAIL, AGENT_PASSWORD, 'agent') };

    const fieldsOf = async (type: string) => {
      const res = await graphql(`{ __type(name: "${type}") { fields { name type { kind ofType { kind } } } } }`, {}, tokens.admin, true);
      const found = (res.data?.__type as { fields: Array<{ name: string; type: { kind: string; ofType?: { kind: string } | null } }> } | null)?.fields;
      if (!found) throw new Error(`the API does not serve ${type}`);
      const leaf = (t: { kind: string; ofType?: { kind: string } | null }) => ['SCALAR', 'ENUM'].includes(t.kind === 'NON_NULL' ? (t.ofType?.kind ?? '') : t.kind);
      return found.filter((field) => leaf(field.type)).map((field) => field.name).join(' ');
    };
    const ops = await operations(knex, tenantContractId, fieldsOf);
    const bodies = ops.map((op) => JSON.stringify({ query: op.query, variables: op.variables }));
    const headersOf = ops.map((op) => ({ authorization: `Bearer ${tokens[op.as]}`, ...(op.as === 'admin' ? { 'x-group-id': '1' } : {}) }));

    // Calibrate: each operation once alone, recording its SQL. The request's own look-ups come first (the session,
    // read by the REST middleware and again by the GraphQL context, and the X-Group-ID group): not the resolvers'.
    const record = async (op: number) => {
      child!.send({ kind: 'record', start: true } satisfies ToChild);
      const { status, text } = await postRaw(ready.endpoint, bodies[op]!, headersOf[op]!);
      child!.send({ kind: 'record', start: false } satisfies ToChild);
      const { queries } = await next('recorded');
      const answer = JSON.parse(text) as { errors?: Array<{ message: string }> };
      if (status !== 200 || answer.errors) throw new Error(`${ops[op]!.name}: ${status} ${answer.errors?.[0]?.message ?? text.slice(0, 200)}`);
      return { queries, bytes: text.length };
    };
    const CONTEXT = /from "sessions"|from "groups"/;
    const replays: Replay[][] = [];
    const perOp: Array<{ queries: number; resolverQueries: number; bytes: number }> = [];
    for (let op = 0; op < ops.length; op += 1) {
      const { queries, bytes } = await record(op);
      let lead = 0;
      while (lead < queries.length && CONTEXT.test(queries[lead]!.sql)) lead += 1;
      const own = queries.slice(lead).filter((q) => /^\s*(select|with)\b/i.test(q.sql));
      // checkAuth's answer is the session itself.
      replays.push(own.length ? own : queries.slice(0, 1));
      perOp.push({ queries: queries.length, resolverQueries: own.length, bytes });
    }
    console.log(`${ops.length} operations in the mix; queries per request (all / the resolvers'): ${ops.map((op, i) => `${op.name} ${perOp[i]!.queries}/${perOp[i]!.resolverQueries}`).join('; ')}`);
    child.send({ kind: 'floor', replays } satisfies ToChild);
    await next('floor-ready');

    const apiRequest = async (op: number) => {
      const { status, text } = await postRaw(ready.endpoint, bodies[op]!, headersOf[op]!);
      if (status !== 200 || text.startsWith('{"errors"')) throw new Error(`${ops[op]!.name}: ${status} ${text.slice(0, 200)}`);
    };
    const floorBodies = ops.map((_, op) => JSON.stringify({ op }));
    const floorRequest = async (op: number) => {
      const { status, text } = await postRaw(ready.floor, floorBodies[op]!, {});
      if (status !== 200) throw new Error(`floor ${ops[op]!.name}: ${status} ${text.slice(0, 200)}`);
    };
    // Warm both (JIT, pool, caches).
    for (let round = 0; round < 3; round += 1) for (let op = 0; op < ops.length; op += 1) await Promise.all([apiRequest(op), floorRequest(op)]);

    const lines: Array<Record<string, number>> = [];
    for (const concurrency of LEVELS) {
      freshAgent();
      const apiRun = await drive(concurrency, ops.length, apiRequest);
      freshAgent();
      const floorRun = await drive(concurrency, ops.length, floorRequest);
      const total = summarise(apiRun.timings, apiRun.seconds);
      const floorTotal = summarise(floorRun.timings, floorRun.seconds);
      console.log(`\n## ${concurrency} concurrent (${SECONDS} s each; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
      console.log(`${'operation'.padEnd(40)} ${'queries'.padStart(7)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ms | floor ${'req/s'.padStart(7)} ${'p95'.padStart(7)}`);
      let worstP99 = 0;
      ops.forEach((op, index) => {
        const mine = apiRun.timings.filter((t) => t.op === index);
        const theirs = floorRun.timings.filter((t) => t.op === index);
        const a = summarise(mine, apiRun.seconds);
        const b = summarise(theirs, floorRun.seconds);
        worstP99 = Math.max(worstP99, a.p99);
        console.log(`${op.name.padEnd(40)} ${`${perOp[index]!.queries}/${perOp[index]!.resolverQueries}`.padStart(7)} ${fmt(a.rps)} ${fmt(a.p50)} ${fmt(a.p95)} ${fmt(a.p99)}    | ${fmt(b.rps)} ${fmt(b.p95)}`);
      });
      const ratio = total.rps / floorTotal.rps;
      console.log(`${'ALL'.padEnd(40)} ${''.padStart(7)} ${fmt(total.rps)} ${fmt(total.p50)} ${fmt(total.p95)} ${fmt(total.p99)}    | ${fmt(floorTotal.rps)} ${fmt(floorTotal.p95)}   ratio ${ratio.toFixed(2)}`);
      lines.push({ concurrency, rps: total.rps, p50_ms: total.p50, p95_ms: total.p95, p99_ms: total.p99, worst_op_p99_ms: worstP99, floor_rps: floorTotal.rps, ratio_to_floor: ratio });
    }
    const at = (c: number) => lines.find((line) => line.concurrency === c);
    const main = at(20) ?? lines[0]!;
    const round = (n: number | undefined, digits = 1) => (n === undefined ? undefined : Number(n.toFixed(digits)));
    console.log(
      JSON.stringify({
        bench: 'api',
        concurrency: main.concurrency,
        rps: round(main.rps),
        p95_ms: round(main.p95_ms),
        ratio_to_floor: round(main.ratio_to_floor, 2),
        floor_rps: round(main.floor_rps),
        rps_1: round(at(1)?.rps),
        p95_ms_1: round(at(1)?.p95_ms),
        rps_50: round(at(50)?.rps),
        p99_ms_50: round(at(50)?.p99_ms),
        worst_op_p99_ms_50: round(at(50)?.worst_op_p99_ms),
        ratio_to_floor_50: round(at(50)?.ratio_to_floor, 2),
      }),
    );
  } finally {
    agent.destroy();
    if (child && child.exitCode === null) {
      const gone = new Promise((resolve) => child!.once('exit', resolve));
      child.send({ kind: 'stop' } satisfies ToChild);
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await knex.destroy();
    await embedded?.stop();
  }
}

if (process.env.BENCH_API_CHILD === '1') {
  serveChild().catch((error: unknown) => {
    console.error('[bench api child]', error);
    process.exit(1);
  });
}
