import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex, ensureDatabase, type Knex } from '@app/db';
import { resourceSpec } from '../rules';
import { cursorBatches, exportColumns, exportSql, runExport, XlsxFileWriter, xlsxCell, type CellValue } from '../modules/exports';
import { startTestServer, withDatabase } from '../testing/server-for-tests';
import { benchAdministratorRole } from './bench-role';
import { ensureScaleSet, SCALE_DATABASE } from './scale-set';

/*
 * `npm run bench -- exports`: list exports on the lists bench's data set (bills_bench_lists, 40,000 houses,
 * about 1.09 million meter readings in two groups — built the same way as lists.bench.ts when missing).
 * Exports every meter reading of both groups (the biggest list) through the exporter, in a child process
 * whose peak RSS (VmHWM) is reported, against `COPY (the same query) TO STDOUT` run in the same bench.
 * The XLSX export (10 fields) runs against its own floor in the same run: exceljs's streaming writer, driven
 * as the exporter drives it (XlsxFileWriter: same columns, styles and cell types, a wait for the zip and the
 * file every 10,000 rows), writing the same rows from memory (read and typed before the clock starts) to a
 * file per group, in a child of its own; `xlsx_ratio_to_floor` is the export's rows/s over the floor's.
 */

const DATABASE = SCALE_DATABASE;
const USER_EMAIL = 'bench-exports@bench.test';
const RUNS = Number(process.env.BENCH_EXPORTS_RUNS ?? 3);
/** Runs of the XLSX export and of its floor (alternating; the best of each counts). */
const XLSX_RUNS = Number(process.env.BENCH_EXPORTS_XLSX_RUNS ?? 2);
const XLSX_FIELDS = ['id', 'createdAt', 'meterId', 'houseId', 'readingDate', 'register', 'value', 'source', 'type', 'status'];
/**
 * The exporter child runs with a small V8 heap: what it allocates per batch is garbage, and with the default
 * heap sizing V8 lets that garbage (and the Buffers it holds) reach several hundred MB before collecting it.
 */
const CHILD_FLAGS = ['--max-old-space-size=64', '--max-semi-space-size=2'];
/** The floor's child holds a group's rows in memory (about 550,000 × 12 cells): a heap to match; its RSS is not the goal's. */
const FLOOR_CHILD_FLAGS = ['--max-old-space-size=3072'];
/** Rows the floor writes between waits for the zip and the file, as the exporter waits per cursor batch. */
const FLOOR_BATCH = 10_000;


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
function runChild(url: string, ids: string[], mode = '--export-child', flags = CHILD_FLAGS): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, '--import', 'tsx', __filename, mode, url, ...ids], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
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

/**
 * The XLSX floor, in its own process: per group, the export's rows read through the same query and typed as
 * the exporter types them (untimed), then written from memory by XlsxFileWriter (timed), every FLOOR_BATCH
 * rows waiting for the zip and the file as the exporter does between batches.
 */
async function xlsxFloorChild(url: string, groups: string[]): Promise<void> {
  const knex = createKnex(url, { poolMax: 2 });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-xlsx-floor-'));
  const spec = resourceSpec('MeterReading');
  const columns = exportColumns(spec, XLSX_FIELDS, () => true);
  const kinds = columns.map((column) => column.kind);
  let rows = 0;
  let bytes = 0;
  let seconds = 0;
  try {
    for (const groupId of groups.map(Number)) {
      const { sql, bindings } = exportSql(knex, { spec, groupId, partnerId: null, filter: {} }, columns, 'columns');
      let values: CellValue[][] = [];
      for await (const batch of cursorBatches(knex, sql, bindings)) for (const raw of batch) values.push(kinds.map((kind, i) => xlsxCell(kind, raw[i])));
      const started = performance.now();
      const writer = new XlsxFileWriter(path.join(folder, `floor-group-${groupId}.xlsx`), columns);
      try {
        for (let i = 0; i < values.length; i += 1) {
          writer.addRow(values[i]!);
          if ((i + 1) % FLOOR_BATCH === 0) await writer.backpressure();
        }
        bytes += await writer.finish();
      } finally {
        writer.destroy();
      }
      seconds += (performance.now() - started) / 1000;
      rows += values.length;
      values = [];
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
    await knex.destroy();
  }
  console.log(JSON.stringify({ rows, bytes, seconds, rssMb: peakRssMb(0) }));
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
    // The XLSX export and its floor alternate, best of XLSX_RUNS each, so a busy machine weighs on both alike.
    let xlsx: ChildResult = { rows: 0, bytes: 0, seconds: Infinity, rssMb: 0 };
    let floor: ChildResult = { rows: 0, bytes: 0, seconds: Infinity, rssMb: 0 };
    for (let run = 0; run < XLSX_RUNS; run += 1) {
      const exported = await runChild(url, await createExports(knex, userId, 'xlsx', XLSX_FIELDS));
      xlsx = { ...exported, seconds: Math.min(xlsx.seconds, exported.seconds), rssMb: Math.max(xlsx.rssMb, exported.rssMb) };
      const floored = await runChild(url, ['1', '2'], '--xlsx-floor-child', FLOOR_CHILD_FLAGS);
      floor = { ...floored, seconds: Math.min(floor.seconds, floored.seconds), rssMb: Math.max(floor.rssMb, floored.rssMb) };
      console.log(`  run ${run + 1}: XLSX export ${exported.seconds.toFixed(2)} s, exceljs floor ${floored.seconds.toFixed(2)} s`);
    }
    if (floor.rows !== xlsx.rows) throw new Error(`the XLSX floor wrote ${floor.rows} rows, the export ${xlsx.rows}`);
    const xlsxRate = xlsx.rows / xlsx.seconds;
    const floorRate = floor.rows / floor.seconds;
    console.log(
      `XLSX export (${XLSX_FIELDS.length} fields, best) ${xlsx.rows} rows  ${xlsx.seconds.toFixed(2)} s  ${Math.round(xlsxRate)} rows/s  ${(xlsx.bytes / 1e6).toFixed(0)} MB  peak RSS ${xlsx.rssMb.toFixed(0)} MB  (${(xlsxRate / floorRate).toFixed(2)} × floor)`,
    );
    console.log(`XLSX floor (exceljs from memory, best) ${floor.rows} rows  ${floor.seconds.toFixed(2)} s  ${Math.round(floorRate)} rows/s  ${(floor.bytes / 1e6).toFixed(0)} MB`);
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
        xlsx_floor_seconds: Number(floor.seconds.toFixed(1)),
        xlsx_ratio_to_floor: Number((xlsxRate / floorRate).toFixed(2)),
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
if (process.argv[2] === '--xlsx-floor-child') {
  xlsxFloorChild(process.argv[3]!, process.argv.slice(4)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
