import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { SignJWT, decodeJwt } from 'jose';
import { type signToken } from '../../auth/tokens';
import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { fieldLabel, findResourceSpec, formatDisplayDate, formatPounds, labelFor, LONDON_TIME_ZONE, resourceSpec, type FieldSpec, type ResourceSpec } from '../../rules';
import { downloadToken, startApiHarness, type ApiHarness } from '../../testing';
import { cleanupExpiredExports, runExport } from './run-export.service';

/*
 * List exports over REST as the back office uses them: POST starts a job, the job (run here directly, as
 * the worker would) streams the file, GET shows status, the download link carries the token as ?jwt=.
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-test-'));
process.env.EXPORTS_DIR = folder;
const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');
let api: ApiHarness;
let staff: string;
let readonly: string;
let partner: string;
let tenant: string;

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['exports.run'], QUEUES['exports.cleanup']]);
  [staff, readonly, partner, tenant] = await Promise.all([
    api.signIn('staff@demo.test'),
    api.signIn('readonly@demo.test'),
    api.signIn('partner@demo.test'),
    api.signIn('tenant@demo.test'),
  ]);
});
afterAll(async () => {
  await api.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const http = () => request(api.app.express);
function start(kind: 'csv' | 'xlsx' | 'archives', body: Record<string, unknown>, token: string | null = staff, group: string | null = '1') {
  const call = http().post(`/api/v2/exports/${kind}`);
  if (token) call.set('Authorization', `Bearer ${token}`);
  if (group) call.set('X-Group-ID', group);
  return call.send(body);
}

/**
 * Runs the export in a Node process of its own, as the workers do. Needed for archives: archiver is
 * ESM-only and jest's CommonJS runtime cannot load it.
 */
function runExportInChild(id: string, options: Parameters<typeof runExport>[2] = {}): void {
  const script = `
    const { createKnex } = require('@app/db');
    const { runExport } = require(${JSON.stringify(path.join(__dirname, 'run-export.service.ts'))});
    const db = createKnex(process.argv[1], { poolMax: 3 });
    runExport(db, process.argv[2], JSON.parse(process.argv[3])).then(() => db.destroy(), (error) => { console.error(error); process.exit(1); });`;
  execFileSync(process.execPath, ['--import', 'tsx', '-e', script, api.db.url, id, JSON.stringify(options)], { env: { ...process.env, EXPORTS_DIR: folder }, stdio: 'inherit' });
}

async function exportFile(kind: 'csv' | 'xlsx' | 'archives', body: Record<string, unknown>, options: Parameters<typeof runExport>[2] = {}) {
  const res = await start(kind, body);
  expect(res.status).toBe(202);
  expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'PENDING' });
  const jobs = await api.boss.findJobs('exports.run', { data: { exportId: res.body.id } });
  expect(jobs).toHaveLength(1); // queued in the same transaction as the row
  if (kind === 'archives') runExportInChild(res.body.id, options);
  else await runExport(api.db.knex, res.body.id, options);
  const download = await http().get(`/api/v2/exports/${res.body.id}/download`).query({ jwt: await downloadToken(api, `/api/v2/exports/${res.body.id}/download`, staff) }).buffer(true).parse(binary);
  expect(download.status).toBe(200);
  return { id: res.body.id as string, download };
}

function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** A small RFC 4180 reader (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function listViaGraphql(spec: ResourceSpec, filter: Record<string, unknown>, fields = Object.keys(spec.fields)): Promise<Array<Record<string, unknown>>> {
  const plural = spec.plural ?? `${spec.name}s`;
  const res = await api.graphql(`query($filter: JSON) { items: all${plural}(perPage: 1000, filter: $filter) { ${fields.join(' ')} } }`, { filter }, staff, { 'X-Group-ID': '1' });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.items;
}

const SCREEN_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: LONDON_TIME_ZONE });

/** A value as the back-office list shows it: labels in words, £, DD/MM/YYYY, London time, Yes/No. */
function shown(field: FieldSpec, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'enum':
      return labelFor(String(value), field.values);
    case 'money':
      return formatPounds(value as number);
    case 'date':
      return formatDisplayDate(String(value));
    case 'datetime':
      return SCREEN_TIME.format(new Date(String(value)));
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return String(value);
  }
}

/** The names the list's reference links show for the records `records` point at through `field`, by id. */
async function referenceNames(field: FieldSpec, ids: unknown[]): Promise<Map<string, string>> {
  const target = findResourceSpec(field.ref!)!;
  const wanted = [...new Set(ids.filter((id) => id !== null && id !== undefined))];
  if (!wanted.length) return new Map();
  const names = [...target.representation.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!);
  const template = names.length ? target.representation : `\${${target.representation}}`;
  const fields = names.length ? names : [target.representation];
  const records = await listViaGraphql(target, { ids: wanted }, ['id', ...fields]);
  return new Map(records.map((record) => [String(record.id), template.replace(/\$\{(\w+)\}/g, (_, name: string) => shown(target.fields[name]!, record[name])).trim()]));
}

/** The header and rows a list export should hold for these list records: each reference as its name, then its id. */
async function shownRows(spec: ResourceSpec, records: Array<Record<string, unknown>>): Promise<{ header: string[]; rows: string[][] }> {
  const header: string[] = [];
  const cells: Array<(record: Record<string, unknown>) => string[]> = [];
  for (const [name, field] of Object.entries(spec.fields)) {
    if (field.kind === 'ref') {
      const names = await referenceNames(field, records.map((record) => record[name]));
      header.push(fieldLabel(name), `${fieldLabel(name)} ID`);
      cells.push((record) => [names.get(String(record[name])) ?? '', shown(field, record[name])]);
    } else {
      header.push(fieldLabel(name));
      cells.push((record) => [shown(field, record[name])]);
    }
  }
  return { header, rows: records.map((record) => cells.flatMap((cell) => cell(record))) };
}

it('exports meter readings filtered by meter as CSV, row for row the GraphQL list, with labelled headers', async () => {
  const spec = resourceSpec('MeterReading');
  const [{ meter_id: meterId }] = await api.db.knex('meter_readings').where({ group_id: 1 }).groupBy('meter_id').orderByRaw('count(*) desc').limit(1).select('meter_id');
  const { id, download } = await exportFile('csv', { fileName: 'Readings of one meter', resource: 'MeterReading', filter: { meterId } }, { batchSize: 7 });
  expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(download.headers['content-disposition']).toContain('attachment; filename="Readings of one meter.csv"');
  const [header, ...rows] = parseCsv((download.body as Buffer).toString('utf8'));
  const list = await listViaGraphql(spec, { meterId });
  expect(list.length).toBeGreaterThan(7); // several cursor batches
  const expected = await shownRows(spec, list);
  expect(header).toEqual(expected.header);
  expect(header!.slice(0, 7)).toEqual(['ID', 'Created', 'Last changed', 'Meter', 'Meter ID', 'House', 'House ID']);
  expect(rows).toEqual(expected.rows);
  // What a person reads: the meter and house by name, the reading's date and status in words.
  const meter = await api.db.knex('meters as m').join('houses as h', 'h.id', 'm.house_id').where('m.id', meterId).first('m.serial_number', 'm.utility_type', 'h.street_name', 'h.post_code');
  const [first] = rows;
  const cell = (label: string) => first![header!.indexOf(label)];
  expect([cell('Meter'), cell('Meter ID'), cell('House')]).toEqual([`${labelFor(meter.utility_type)} ${meter.serial_number}`, String(meterId), `${meter.street_name}, ${meter.post_code}`]);
  expect(cell('Reading date')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(cell('Status')).toBe(labelFor(String(list[0]!.status), spec.fields.status!.values));
  expect(cell('Created')).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
  const status = await http().get(`/api/v2/exports/${id}`).set('Authorization', `Bearer ${staff}`);
  expect(status.body).toMatchObject({ status: 'DONE', progress: 100, rowCount: list.length, totalRows: list.length, format: 'csv', downloadPath: `/api/v2/exports/${id}/download` });
  // The staff member who asked is told it is ready, once, even when the job is delivered again.
  await runExport(api.db.knex, id);
  const told = await api.db.knex('notifications').whereRaw(`data->>'exportId' = ?`, [id]).select('title', 'message');
  expect(told).toEqual([{ title: 'Export ready', message: `Readings of one meter.csv (Meter readings, ${list.length.toLocaleString('en-GB')} rows) is ready to download.` }]);
});

it('quotes commas, quotes and line breaks, in names of references too, and writes money as £ amounts', async () => {
  const [house] = await api.db.knex('houses').where({ group_id: 1 }).whereNotNull('agency_id').orderBy('id').limit(1).select('id');
  await api.db.knex('houses').where({ id: house.id }).update({ street_name: '1, "The" Street\nBack' });
  const spec = resourceSpec('House');
  const { download } = await exportFile('csv', { fileName: 'one.csv', resource: 'House', filter: { id: house.id } });
  const [header, row] = parseCsv((download.body as Buffer).toString('utf8'));
  const expected = await shownRows(spec, await listViaGraphql(spec, { id: house.id }));
  expect([header, row]).toEqual([expected.header, expected.rows[0]]);
  expect(row).toContain('1, "The" Street\nBack');
  expect((download.body as Buffer).toString('utf8')).toContain('"1, ""The"" Street\nBack"');

  // The house contracts of that house name it the same way, beside its id; a price of £1,000 or more is quoted.
  const [contract] = await api.db.knex('house_contracts').where({ house_id: house.id }).orderBy('id').limit(1).select('id');
  await api.db.knex('house_contracts').where({ id: contract.id }).update({ weekly_price_pence: 123456 });
  const contracts = await exportFile('csv', { fileName: 'contracts.csv', resource: 'HouseContract', filter: { id: contract.id } });
  const [contractHeader, contractRow] = parseCsv((contracts.download.body as Buffer).toString('utf8'));
  expect(contractRow![contractHeader!.indexOf('House')]).toMatch(/^1, "The" Street\nBack, /);
  expect(contractRow![contractHeader!.indexOf('House ID')]).toBe(String(house.id));
  expect(contractRow![contractHeader!.indexOf('Weekly price')]).toBe('£1,234.56');
  expect((contracts.download.body as Buffer).toString('utf8')).toContain(',"£1,234.56",');
  const contractSpec = resourceSpec('HouseContract');
  expect(contractRow).toEqual((await shownRows(contractSpec, await listViaGraphql(contractSpec, { id: contract.id }))).rows[0]);

  // Payments: £ with pence, the tenant contract by its reference, the method and status in words.
  const [payment] = await api.db.knex('payments').where({ group_id: 1 }).orderBy('id').limit(1).select('id', 'amount_pence');
  const paid = await exportFile('csv', { fileName: 'payment.csv', resource: 'Payment', filter: { id: payment.id } });
  const [paymentHeader, paymentRow] = parseCsv((paid.download.body as Buffer).toString('utf8'));
  expect(paymentRow![paymentHeader!.indexOf('Amount')]).toBe(formatPounds(payment.amount_pence));
  expect(paymentRow![paymentHeader!.indexOf('Tenant contract')]).toMatch(/^TC-\d+$/);
  const paymentSpec = resourceSpec('Payment');
  expect(paymentRow).toEqual((await shownRows(paymentSpec, await listViaGraphql(paymentSpec, { id: payment.id }))).rows[0]);
});

it('exports houses filtered by status as XLSX: bold labelled header, the words of the list, typed £, date and number cells', async () => {
  const spec = resourceSpec('House');
  const { download } = await exportFile('xlsx', { fileName: 'Active houses', resource: 'House', filter: { status: 'ACTIVE' }, sortField: 'id', sortOrder: 'ASC' }, { batchSize: 4 });
  expect(download.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(download.headers['content-disposition']).toContain('filename="Active houses.xlsx"');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(download.body as never);
  const sheet = workbook.worksheets[0]!;
  const list = (await listViaGraphql(spec, { status: 'ACTIVE' })).sort((a, b) => Number(a.id) - Number(b.id));
  const expected = await shownRows(spec, list);
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  expect(header).toEqual(expected.header);
  expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  expect(sheet.rowCount - 1).toBe(list.length);
  // Each cell reads as the list's text once Excel applies its format: numbers, Dates (DD/MM/YYYY, London
  // wall-clock times) and £ amounts stay typed; labels and names are text.
  const asShown = (cell: ExcelJS.Cell): string => {
    const value = cell.value;
    if (value === null || value === undefined) return '';
    if (value instanceof Date) {
      const iso = value.toISOString();
      return cell.numFmt === 'dd/mm/yyyy' ? formatDisplayDate(iso.slice(0, 10)) : `${formatDisplayDate(iso.slice(0, 10))}, ${iso.slice(11, 16)}`;
    }
    if (typeof value === 'number' && cell.numFmt?.includes('£')) return formatPounds(Math.round(value * 100));
    return String(value);
  };
  list.forEach((_record, index) => {
    const row = sheet.getRow(index + 2);
    expect(header.map((_label, c) => asShown(row.getCell(c + 1)))).toEqual(expected.rows[index]);
    expect(typeof row.getCell(header.indexOf('ID') + 1).value).toBe('number');
    expect(row.getCell(header.indexOf('Status') + 1).value).toBe('Active');
  });
  expect(list.some((record) => record.agencyId)).toBe(true);
});

it('zips the filtered bills as CSV parts of at most N rows, each bill\'s PDF, and a README saying so', async () => {
  const spec = resourceSpec('Bill');
  const filter = { kind: 'TENANT_STATEMENT' };
  const { download } = await exportFile('archives', { fileName: 'Bills', resource: 'Bill', filter }, { archivePartRows: 4 });
  expect(download.headers['content-type']).toBe('application/zip');
  const file = path.join(folder, 'downloaded.zip');
  fs.writeFileSync(file, download.body as Buffer);
  const list = await listViaGraphql(spec, filter);
  expect(list.length).toBeGreaterThan(4);
  const parts = Math.ceil(list.length / 4);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  const csvParts = Array.from({ length: parts }, (_, i) => `Bills-part-${String(i + 1).padStart(4, '0')}.csv`);
  expect(names.slice(0, parts)).toEqual(csvParts);
  const rows = csvParts.flatMap((name) => parseCsv(execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' })).slice(1));
  expect(rows.map((row) => row[0])).toEqual(list.map((record) => String(record.id)));
  // Then the statements: one PDF per bill of the list, in list order, and the README last.
  const pdfs = names.slice(parts, -1);
  expect(pdfs.map((name) => /^statements\/(\d+)-.+\.pdf$/.exec(name)?.[1])).toEqual(list.map((record) => String(record.id)));
  expect(execFileSync('unzip', ['-p', file, pdfs[0]!]).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(names.at(-1)).toBe('README.txt');
  const readme = execFileSync('unzip', ['-p', file, 'README.txt'], { encoding: 'utf8' });
  expect(readme).toContain(`${list.length} row(s) in ${parts} CSV file(s)`);
  expect(readme).toContain(`${list.length} document(s) in statements/`);
});

it("names only what the export's owner may read: a partner desk's readings name its houses and meters, not the photos' uploads", async () => {
  const res = await start('csv', { fileName: 'partner readings', resource: 'MeterReading' }, partner);
  expect(res.status).toBe(202);
  await runExport(api.db.knex, res.body.id);
  const link = `/api/v2/exports/${res.body.id}/download`;
  const download = await http().get(link).query({ jwt: await downloadToken(api, link, partner) }).buffer(true).parse(binary);
  const [header, ...rows] = parseCsv((download.body as Buffer).toString('utf8'));
  expect(header).toEqual(expect.arrayContaining(['Meter', 'Meter ID', 'House', 'House ID', 'Image ID']));
  expect(header).not.toContain('Image');
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((row) => row[header!.indexOf('House')] !== '')).toBe(true);
});

describe('refusals', () => {
  it('refuses bad input with field errors naming the field', async () => {
    const unknown = await start('csv', { fileName: 'x', resource: 'Spaceship' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual([expect.objectContaining({ field: 'resource' })]);
    const badField = await start('csv', { fileName: 'x', resource: 'House', filter: { colour: 'red' } });
    expect(badField.status).toBe(400);
    expect(badField.body.error.fields).toEqual([expect.objectContaining({ field: 'filter.colour' })]);
    for (const fileName of ['../etc/passwd', 'a/b', 'a\\b', '.hidden', '']) {
      const bad = await start('xlsx', { fileName, resource: 'House' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toEqual([expect.objectContaining({ field: 'fileName' })]);
    }
    const badSort = await start('csv', { fileName: 'x', resource: 'House', sortField: 'colour' });
    expect(badSort.body.error.fields).toEqual([expect.objectContaining({ field: 'sortField' })]);
    const badDate = await start('csv', { fileName: 'x', resource: 'MeterReading', filter: { readingDate_gte: 'last week' } });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.fields).toEqual([{ field: 'filter.readingDate_gte', rule: 'validDate', message: 'Invalid date' }]);
    const noGroup = await start('csv', { fileName: 'x', resource: 'House' }, staff, null);
    expect(noGroup.status).toBe(400);
    expect(noGroup.body.error.fields).toEqual([expect.objectContaining({ field: 'X-Group-ID' })]);
    expect(await api.db.knex('export_files').whereIn('file_name', ['x.csv', 'x.xlsx']).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('refuses a user without READ on the list, and anyone not signed in', async () => {
    const noRead = await start('csv', { fileName: 'contracts', resource: 'HouseContract' }, partner);
    expect(noRead.status).toBe(403);
    expect(noRead.body.error.message).toMatch(/READ on properties/);
    expect((await start('csv', { fileName: 'houses', resource: 'House' }, tenant)).status).toBe(403);
    expect((await start('csv', { fileName: 'houses', resource: 'House' }, null)).status).toBe(401);
    // The partner desk may read meter readings, so it may export them.
    expect((await start('csv', { fileName: 'readings', resource: 'MeterReading' }, partner)).status).toBe(202);
  });

  it("refuses a download without a token, with an expired one or another user's, and an unfinished or expired export", async () => {
    const res = await start('csv', { fileName: 'houses', resource: 'House', filter: { status: 'CLOSED' } });
    const id = res.body.id as string;
    const download = async (session?: string) => http().get(`/api/v2/exports/${id}/download`).query(session ? { jwt: await downloadToken(api, `/api/v2/exports/${id}/download`, session) } : {});

    const unfinished = await download(staff);
    expect(unfinished.status).toBe(409);
    expect(unfinished.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/not ready yet \(PENDING/) });
    await runExport(api.db.knex, id);

    expect((await download()).status).toBe(401);
    // A download token past its 5 minutes, and the session token itself in the link: both refused.
    const claims = decodeJwt(staff) as unknown as Parameters<typeof signToken>[0];
    const link = `/api/v2/exports/${id}/download`;
    const expired = await new SignJWT({ typ: 'download', user_id: claims.user_id, sid: claims.sid, path: link }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(Math.floor(Date.now() / 1000) - 1).sign(SECRET);
    for (const jwt of [expired, staff]) {
      const refused = await http().get(link).query({ jwt });
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('UNAUTHENTICATED');
    }
    const other = await download(readonly);
    expect(other.status).toBe(403);
    expect(other.body.error.message).toMatch(/another user/);
    expect((await http().get(`/api/v2/exports/${id}`).set('Authorization', `Bearer ${readonly}`)).status).toBe(403);
    expect((await download(staff)).status).toBe(200);

    await api.db.knex('export_files').where({ id }).update({ expires_at: new Date(Date.now() - 1000) });
    const gone = await download(staff);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toMatch(/expired/);
    expect((await cleanupExpiredExports(api.db.knex)).expired).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(path.join(folder, `${id}.csv`))).toBe(false);
    expect(await api.db.knex('export_files').where({ id }).first()).toMatchObject({ status: 'EXPIRED', file_deleted_at: expect.any(Date) });
    expect((await http().get(`/api/v2/exports/${id}`).set('Authorization', `Bearer ${staff}`)).body.status).toBe('EXPIRED');
  });

  it('marks a failed export FAILED with "export error: <reason>"', async () => {
    const res = await start('csv', { fileName: 'doomed', resource: 'House' });
    await api.db.knex('export_files').where({ id: res.body.id }).update({ sort_field: 'colour' });
    await expect(runExport(api.db.knex, res.body.id)).rejects.toThrow(/^export error: sortField: cannot use "colour"/);
    const status = await http().get(`/api/v2/exports/${res.body.id}`).set('Authorization', `Bearer ${staff}`);
    expect(status.body).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/^export error: /), downloadPath: null });
    const download = await http().get(`/api/v2/exports/${res.body.id}/download`).query({ jwt: await downloadToken(api, `/api/v2/exports/${res.body.id}/download`, staff) });
    expect(download.status).toBe(409);
    expect(download.body.error.message).toMatch(/failed: export error/);
  });
});
