import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { createKnex, ensureDatabase, runMigrations, type Knex } from '@app/db';
import { issueToken } from '../auth/sessions';
import { createNotification } from '../modules/notifications/create-notification.service';
import { freePort } from '../testing/product-process';
import { startTestServer, withDatabase } from '../testing/server-for-tests';

/*
 * `npm run bench -- notify`: two API processes on one database, 5,000 authorised sockets spread over both,
 * then 10,000 notifications created through the service (each in its own transaction) for random users:
 * delivery latency from commit to socket, messages lost, and each API process's RSS with every socket open.
 */
const SOCKETS = Number(process.env.BENCH_NOTIFY_SOCKETS ?? 5_000);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFY_COUNT ?? 10_000);
const CONCURRENCY = 16;
const SECRET = 'bench-notify-secret-bench-notify-secret-0123';
const repoRoot = path.resolve(__dirname, '../../..');

async function prepareUsers(knex: Knex): Promise<number[]> {
  await knex('notifications').delete();
  await knex('sessions').delete();
  const existing = await knex('users').where('email', 'like', 'notify-%@bench.test').orderBy('id').pluck('id');
  if (existing.length >= SOCKETS) return existing.slice(0, SOCKETS).map(Number);
  const rows = Array.from({ length: SOCKETS - existing.length }, (_, i) => ({ email: `notify-${existing.length + i}@bench.test`, first_name: 'Bench', last_name: `Tenant ${i}`, role: 'front', portal: 'MY_ACCOUNT' }));
  for (let i = 0; i < rows.length; i += 1_000) await knex('users').insert(rows.slice(i, i + 1_000));
  return (await knex('users').where('email', 'like', 'notify-%@bench.test').orderBy('id').limit(SOCKETS).pluck('id')).map(Number);
}

async function startApi(url: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), JWT_SECRET: SECRET, NODE_ENV: 'test', SERVE_FRONTENDS: 'false', BASE_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  while (!output.includes('listening on')) {
    if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`the API did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl: `ws://127.0.0.1:${port}/api/v2/notify` };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

async function openSocket(url: string, token: string, onNotification: (id: number) => void): Promise<WebSocket> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; data: string };
      if (message.type === 'AUTHORIZED') resolve();
      else if (message.type === 'NOTIFICATION') onNotification((JSON.parse(message.data) as { id: number }).id);
    });
    ws.once('open', () => ws.send(JSON.stringify({ method: 'AUTHORIZATION', data: token })));
  });
  return ws;
}

export async function notifyBenchmark(): Promise<void> {
  const { serverUrl, embedded } = await startTestServer();
  const url = withDatabase(serverUrl, 'bench_notify');
  await ensureDatabase(url);
  const knex = createKnex(url, { poolMax: CONCURRENCY + 2 });
  const apis: ChildProcess[] = [];
  const sockets: WebSocket[] = [];
  try {
    await runMigrations(knex);
    const userIds = await prepareUsers(knex);
    const secret = new TextEncoder().encode(SECRET);
    const tokens: string[] = [];
    for (let i = 0; i < userIds.length; i += 200) {
      const batch = userIds.slice(i, i + 200);
      tokens.push(...(await Promise.all(batch.map(async (id) => (await issueToken(knex, { id, role: 'front', backoffice_role_id: null }, { secret, ttlSeconds: 3600, ip: null })).jwtToken))));
    }
    const [a, b] = await Promise.all([startApi(url), startApi(url)]);
    apis.push(a.child, b.child);

    const committedAt = new Map<number, number>();
    const latencies: number[] = [];
    const received = new Set<number>();
    const onNotification = (id: number) => {
      if (received.has(id)) return;
      received.add(id);
      const committed = committedAt.get(id);
      latencies.push(committed === undefined ? 0 : Math.max(0, performance.now() - committed));
    };
    const openStarted = performance.now();
    for (let i = 0; i < tokens.length; i += 250) {
      sockets.push(...(await Promise.all(tokens.slice(i, i + 250).map((token, j) => openSocket((i + j) % 2 ? b.baseUrl : a.baseUrl, token, onNotification)))));
    }
    console.log(`${sockets.length} sockets authorised over two API processes in ${((performance.now() - openStarted) / 1000).toFixed(1)} s`);
    const rss = [rssMb(a.child.pid!), rssMb(b.child.pid!)];

    const sendStarted = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < NOTIFICATIONS) {
        next++;
        const userId = userIds[Math.floor(Math.random() * userIds.length)]!;
        let id = 0;
        await knex.transaction(async (trx) => {
          id = await createNotification(trx, { userId, title: 'Bench', message: 'A notification for the bench.' });
        });
        if (!received.has(id)) committedAt.set(id, performance.now());
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    const deadline = Date.now() + 30_000;
    while (received.size < NOTIFICATIONS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));

    latencies.sort((x, y) => x - y);
    const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
    const lost = NOTIFICATIONS - received.size;
    const peakRss = Math.max(...rss, rssMb(a.child.pid!), rssMb(b.child.pid!));
    console.log(`${NOTIFICATIONS} notifications committed in ${sendSeconds.toFixed(1)} s (${CONCURRENCY} at a time); delivered ${received.size}, lost ${lost}`);
    console.log(`commit to socket: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms; API RSS with the sockets open: ${rss.join(' MB and ')} MB`);
    console.log(JSON.stringify({ bench: 'notify', sockets: sockets.length, p95_ms: at(0.95), lost, rss_mb: peakRss }));
  } finally {
    for (const ws of sockets) ws.terminate();
    for (const child of apis) child.kill('SIGTERM');
    await Promise.all(apis.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
    await knex.destroy();
    await embedded?.stop();
  }
}
