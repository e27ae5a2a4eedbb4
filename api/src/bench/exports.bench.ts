import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex, ensureDatabase, type Knex } from '@app/db';
import { resourceSpec } from '../rules';
import { exportColumns, exportSql, runExport } from '../modules/exports';
import { startTestServer, withDatabase } from '../testing/server-for-tests';
import { benchAdministratorRole } from './bench-role';
import { ensureScaleSet, SCALE_DATABASE } from './scale-set';

/*
 * `npm run bench -- exports`: list exports on the lists bench's data set (bills_bench_lists, 40,000 houses,
 * about 1.09 million meter readings in two groups — built the same way as lists.bench.ts when missing).
 * Exports every meter reading of both groups (the biggest list) through the exporter, in a child process
 * whose peak RSS (VmHWM) is reported, against `COPY (the same query) TO STDOUT` run in the same bench.
 */

const DATABASE = SCALE_DATABASE;
const USER_EMAIL = 'bench-exports@bench.test';
const RUNS = Number(process.env.BENCH_EXPORTS_RUNS ?? 3);
const XLSX_FIELDS = ['id', 'createdAt', 'meterId', 'houseId', 'readingDate', 'register', 'value', 'source', 'type', 'status'];
/**
 * The exporter child runs with a small V8 heap: what it allocates per batch is garbage, and with the default
 * heap sizing V8 lets that garbage (and the Buffers it holds) reach several hundred MB before collecting it.
 */
const CHILD_FLAGS = ['--max-old-space-size=64', '--max-semi-space-size=2'];


/**
 * The owner of the bench's export rows: staff who read every area, so the files carry every reference's name
 * (the exporter reads the owner's permissions for that; the API checks the request).
 */
async function benchUser(knex: Knex): Promise<number> {
  const staff = { role: 'backoffice', backoffice_role_id: await benchAdministratorRole(knex), all_groups: true };
  const found = await knex('users').whereRaw('lower(email) = ?', [USER_EMAIL]).first('id');
  if (found) {
    await knex('users').where({ id: found.id }).update(staff);
    return found.id as number;
  }
  const [user] = await knex('users').insert({ email: USER_EMAIL, first_name: 'Bench', last_name: 'Exports', ...staff }).returning('id');
  return user.id as number;
}

async function createExports(knex: Knex, userId: number, format: 'csv' | 'xlsx', fields: string[] | null): Promise<string[]> {
  const ids: string[] = [];
  for (const groupId of [1, 2]) {
    const [row] = await knex('export_files')
      .insert({ user_id: userId, group_id: groupId, resource: 'MeterReading', format, file_name: `bench-group-${groupId}.${format}`, fields, storage_path: 'pending', expires_at: knex.raw(`now() + interval '1 hour'`) })
      .returning('id');
    await knex('export_files').where({ id: row.id }).update({ storage_path: `bench/${row.id}.${format}` });
    ids.push(row.id as string);
  }
  return ids;
}

interface ChildResult {
  rows: number;
  bytes: number;
  seconds: number;
  rssMb: number;
}

/** Runs the given exports in a child process; resolves to its rows, bytes, export seconds and peak RSS. */
function runChild(url: string, ids: string[]): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CHILD_FLAGS, '--import', 'tsx', __filename, '--export-child', url, ...ids], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) reject(new Error(`exporter child exited ${code}: ${out}`));
      else resolve(JSON.parse(line) as ChildResult);
    });
  });
}

/** COPY (query) TO STDOUT through psql, its output read (and counted) here; resolves to seconds and bytes. */
function copyToStdout(url: string, sql: string): Promise<{ seconds: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('psql', [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `COPY (${sql}) TO STDOUT WITH (FORMAT csv, HEADER)`], { stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ seconds: (performance.now() - started) / 1000, bytes }) : reject(new Error(`psql COPY exited ${code}`))));
  });
}

/** Peak resident set of this process (Linux VmHWM), else the sampled peak. */
function peakRssMb(sampled: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) / 1024;
  } catch {
    // not Linux
  }
  return sampled / 1024 / 1024;
}

async function child(url: string, ids: string[]): Promise<void> {
  const knex = createKnex(url, { poolMax: 4 });
  let sampled = process.memoryUsage.rss();
  const timer = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 50);
  let rows = 0;
  let bytes = 0;
  const started = performance.now();
  for (const id of ids) {
    const outcome = await runExport(knex, id);
    rows += outcome.rows;
    bytes += outcome.bytes;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  await knex.destroy();
  console.log(JSON.stringify({ rows, bytes, seconds, rssMb: peakRssMb(sampled) }));
}

export async function exportsBenchmark(): Promise<void> {
  const { serverUrl, embedded } = await startTestServer();
  const url = withDatabase(serverUrl, DATABASE);
  await ensureDatabase(url);
  const knex = createKnex(url, { poolMax: 4 });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-exports-'));
  process.env.EXPORTS_DIR = folder;
  try {
    await ensureScaleSet(knex);
    const userId = await benchUser(knex);
    const spec = resourceSpec('MeterReading');
    // The bench user may read everything: every reference is named, as for a head-office administrator.
    const columns = exportColumns(spec, null, () => true);
    const copySql = (groupId: number) => {
      const { sql, bindings } = exportSql(knex, { spec, groupId, partnerId: null, filter: {} }, columns, 'columns');
      return knex.raw(sql.replace(/\$(\d+)/g, '?'), bindings as never[]).toString();
    };

    await copyToStdout(url, copySql(1)); // warm the cache for both sides
    // COPY and the exporter alternate, best of RUNS each, so a busy machine weighs on both alike.
    let copySeconds = Infinity;
    let copyBytes = 0;
    let csv: ChildResult = { rows: 0, bytes: 0, seconds: Infinity, rssMb: 0 };
    for (let run = 0; run < RUNS; run += 1) {
      let seconds = 0;
      copyBytes = 0;
      for (const groupId of [1, 2]) {
        const copied = await copyToStdout(url, copySql(groupId));
        seconds += copied.seconds;
        copyBytes += copied.bytes;
      }
      copySeconds = Math.min(copySeconds, seconds);
      const exported = await runChild(url, await createExports(knex, userId, 'csv', null));
      csv = { ...exported, seconds: Math.min(csv.seconds, exported.seconds), rssMb: Math.max(csv.rssMb, exported.rssMb) };
      console.log(`  run ${run + 1}: COPY ${seconds.toFixed(2)} s, CSV export ${exported.seconds.toFixed(2)} s`);
    }
    const copyRate = csv.rows / copySeconds;
    const csvRate = csv.rows / csv.seconds;
    console.log(`COPY TO STDOUT (best)  ${csv.rows} rows  ${copySeconds.toFixed(2)} s  ${Math.round(copyRate)} rows/s  ${(copyBytes / 1e6).toFixed(0)} MB`);
    console.log(`CSV export (best)      ${csv.rows} rows  ${csv.seconds.toFixed(2)} s  ${Math.round(csvRate)} rows/s  ${(csv.bytes / 1e6).toFixed(0)} MB  peak RSS ${csv.rssMb.toFixed(0)} MB  (${(csvRate / copyRate).toFixed(2)} × COPY)`);
    const xlsx = await runChild(url, await createExports(knex, userId, 'xlsx', XLSX_FIELDS));
    console.log(`XLSX export (${XLSX_FIELDS.length} cols) ${xlsx.rows} rows  ${xlsx.seconds.toFixed(2)} s  ${Math.round(xlsx.rows / xlsx.seconds)} rows/s  ${(xlsx.bytes / 1e6).toFixed(0)} MB  peak RSS ${xlsx.rssMb.toFixed(0)} MB`);
    console.log(`(exporter child: node ${CHILD_FLAGS.join(' ')}; RSS includes about 120 MB of loaded modules)`);
    await knex('export_files').where({ user_id: userId }).delete();
    console.log(
      JSON.stringify({
        bench: 'exports',
        rows: csv.rows,
        csv_ratio_to_copy: Number((csvRate / copyRate).toFixed(2)),
        csv_rss_mb: Math.round(csv.rssMb),
        xlsx_seconds: Number(xlsx.seconds.toFixed(1)),
        xlsx_rss_mb: Math.round(xlsx.rssMb),
      }),
    );
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
    await knex.destroy();
    await embedded?.stop();
  }
}

if (process.argv[2] === '--export-child') {
  child(process.argv[3]!, process.argv.slice(4)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
