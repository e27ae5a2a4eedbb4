import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { downloadToken, startApiHarness, type ApiHarness } from '../../testing';
import { LocalFileStorage } from '../files';
import { parseCsv } from './parse-sheet';
import { runRecordImport } from './run-record-import.service';

/*
 * POST /api/v2/uploads/import?kind=…: the readings import's machinery for tenants, contacts, tariffs and supplier
 * contracts. Each row is created as the member of staff would on the record's screen (same checks, audited);
 * the rejected rows come back as the invalid rows file with the reason of each; the same file twice creates
 * nothing twice; a file that cannot be read, or an import that dies, leaves nothing half-written; another
 * group's imports are not found.
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'record-imports-'));
process.env.UPLOADS_DIR = folder;

let api: ApiHarness;
let staff: string;
let readonly: string;
let partner: string;
const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['imports.records']]);
  staff = await api.signIn('staff@demo.test');
  readonly = await api.signIn('readonly@demo.test');
  partner = await api.signIn('partner@demo.test');
});
afterAll(async () => {
  await api.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

function upload(kind: string | null, body: Buffer | string, { token = staff, type = CSV, name = 'records.csv', group = '1' as string | null } = {}) {
  const req = request(api.app.express).post(`/api/v2/uploads/import${kind ? `?kind=${kind}` : ''}`).set('Content-Type', type).set('X-File-Name', encodeURIComponent(name)).set('Authorization', `Bearer ${token}`);
  if (group) req.set('X-Group-ID', group);
  return req.send(Buffer.isBuffer(body) ? body : Buffer.from(body));
}
const status = (id: number, { token = staff, group = '1' } = {}) => request(api.app.express).get(`/api/v2/uploads/import/${id}`).set({ Authorization: `Bearer ${token}`, 'X-Group-ID': group });

async function invalidRows(id: number): Promise<string[][]> {
  const link = `/api/v2/uploads/import/${id}/rejected-rows`;
  const res = await request(api.app.express)
    .get(`${link}?jwt=${encodeURIComponent(await downloadToken(api, link, staff))}&groupId=1`)
    .buffer(true)
    .parse((r, done) => {
      let text = '';
      r.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      r.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-disposition']).toContain('invalid-rows.csv');
  return parseCsv(res.body as string).filter((row) => row.length > 1);
}

/** Uploads, then runs the job as the workers would. */
async function importFile(kind: string, body: Buffer | string, options: Parameters<typeof upload>[2] = {}) {
  const res = await upload(kind, body, options);
  expect(res.status).toBe(202);
  await runRecordImport(api.db.knex, res.body.id);
  return (await status(res.body.id)).body;
}

describe('tenants', () => {
  const file = [
    'Email,First name,Last name,Phone,Customer type',
    'amara.okafor@import.test,Amara,Okafor,07700 900311,Student',
    'ben.hughes@import.test,Ben,Hughes,,TENANT',
    'not-an-email,Cara,Doyle,,',
    'dan.evans@import.test,Dan,,,',
    'tenant@demo.test,Existing,Tenant,,',
    'AMARA.OKAFOR@import.test,Amara,Again,,',
    'erin.fox@import.test,Erin,Fox,,ASTRONAUT',
  ].join('\n');

  it('creates the valid rows as tenants, audited as the uploader, and returns the others with the reason of each', async () => {
    const result = await importFile('TENANTS', file);
    expect(result).toMatchObject({ kind: 'TENANTS', kindLabel: 'Tenants', status: 'DONE', totalRows: 7, importedRows: 2, rejectedRows: 5, progress: 100 });
    expect(result.message).toBe('2 imported, 5 rejected: download the invalid rows file for the reason of each');
    const created = await api.db.knex('users').whereIn('email', ['amara.okafor@import.test', 'ben.hughes@import.test']).orderBy('email');
    expect(created.map((user: { role: string; customer_type: string }) => [user.role, user.customer_type])).toEqual([
      ['front', 'STUDENT'],
      ['front', 'TENANT'],
    ]);
    const actor = await api.db.knex('users').where({ email: 'staff@demo.test' }).first('id');
    const audit = await api.db.knex('audit_log').where({ entity: 'users', entity_id: String(created[0].id), action: 'INSERT' }).first();
    expect(audit.actor_user_id).toBe(actor.id);

    const rows = await invalidRows(result.id);
    expect(rows[0]).toEqual(['email', 'first name', 'last name', 'phone', 'customer type', 'reason']);
    const reasons = Object.fromEntries(rows.slice(1).map((row) => [row[0], row[5]]));
    expect(Object.keys(reasons)).toEqual(['not-an-email', 'dan.evans@import.test', 'tenant@demo.test', 'AMARA.OKAFOR@import.test', 'erin.fox@import.test']);
    expect(reasons['not-an-email']).toMatch(/^E-mail: /);
    expect(reasons['dan.evans@import.test']).toBe('Last name: Required');
    expect(reasons['tenant@demo.test']).toBe('E-mail: This e-mail address is already used');
    expect(reasons['AMARA.OKAFOR@import.test']).toBe('The same record as row 2');
    expect(reasons['erin.fox@import.test']).toMatch(/^Customer type: /);
  });

  it('answers the same import for the same file and creates nothing twice, even if its job runs again', async () => {
    const users = await api.db.knex('users').count({ n: '*' });
    const again = await upload('TENANTS', file);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('DONE');
    expect(await runRecordImport(api.db.knex, again.body.id)).toMatchObject({ status: 'SKIPPED' });
    expect(await api.db.knex('users').count({ n: '*' })).toEqual(users);
  });
});

describe('tariffs, contacts and supplier contracts', () => {
  it('imports tariffs from an XLSX, values by their label and dates as DD/MM/YYYY', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tariffs');
    sheet.addRow(['name', 'utility type', 'tariff type', 'billing type', 'region', 'valid from', 'unit rate', 'standing charge']);
    sheet.addRow(['shb_2027_01_a_electric_plan', 'electric', 'DOMESTIC_FIXED', 'PLAN', 'A: Eastern England', '01/01/2027', 24.5, 53.35]);
    sheet.addRow(['not a tariff name', 'electric', 'DOMESTIC_FIXED', 'PLAN', '_A', '2027-01-01', 24.5, 53.35]);
    sheet.addRow(['shb_2027_01_b_gas_plan', 'gas', 'DOMESTIC_FIXED', 'PLAN', '_B', '2027-01-01', 'cheap', 30]);
    const result = await importFile('TARIFFS', Buffer.from(await workbook.xlsx.writeBuffer()), { type: XLSX, name: 'tariffs.xlsx' });
    expect(result).toMatchObject({ status: 'DONE', importedRows: 1, rejectedRows: 2 });
    expect(await api.db.knex('tariffs').where({ name: 'shb_2027_01_a_electric_plan' }).first('region', 'valid_from')).toMatchObject({ region: '_A' });
    const reasons = (await invalidRows(result.id)).slice(1).map((row) => row[8]);
    expect(reasons[0]).toMatch(/^Name: /);
    expect(reasons[1]).toBe('Unit rate: must be a number');
  });

  it('imports contacts with their agency by name, and adds no contact twice from an edited file', async () => {
    const agency = await api.db.knex('agencies').where({ group_id: 1 }).orderBy('id').first('id', 'name');
    const first = await importFile('CONTACTS', `contact type,name,email,agency\nAGENCY,Priya Shah,priya@agency.test,${agency.name}\nAGENCY,Tom Reed,tom@agency.test,No Such Agency\n`);
    expect(first).toMatchObject({ importedRows: 1, rejectedRows: 1 });
    expect(await api.db.knex('contacts').where({ name: 'Priya Shah' }).first('agency_id', 'group_id')).toEqual({ agency_id: agency.id, group_id: 1 });
    expect((await invalidRows(first.id))[1]![4]).toBe('Agency: No agency is named No Such Agency');
    const edited = await importFile('CONTACTS', `contact type,name,email,agency\nAGENCY,Priya Shah,PRIYA@agency.test,${agency.id}\nTENANT,Uma Lee,uma@tenant.test,\n`);
    expect(edited).toMatchObject({ importedRows: 1, rejectedRows: 1 });
    expect((await invalidRows(edited.id))[1]![4]).toBe('This record already exists');
    expect(Number((await api.db.knex('contacts').where({ name: 'Priya Shah' }).count({ n: '*' }))[0]!.n)).toBe(1);
  });

  it('imports supplier contracts with the supplier by name, and refuses an MPxN already supplied', async () => {
    const house = await api.db.knex('houses').where({ group_id: 1 }).orderBy('id').first('id');
    const [supplier] = await api.db.knex('suppliers').insert({ name: 'Octopus Energy Import Test', utility_type: 'electric' }).returning('name');
    await api.db.knex('suppliers').insert([{ name: 'Twin Power', utility_type: 'electric' }, { name: 'Twin Power', utility_type: 'gas' }]);
    const taken = (await api.db.knex('supplier_contracts').first('mpxn')).mpxn;
    const result = await importFile('SUPPLIER_CONTRACTS', `supplier,house,utility type,mpxn,start date,end date\n${supplier.name},${house.id},electric,1900000099001,2026-09-01,2027-08-31\n${supplier.name},${house.id},electric,${taken},2026-09-01,2027-08-31\nTwin Power,${house.id},electric,1900000099002,2026-09-01,2027-08-31\nNobody,${house.id},electric,1900000099003,2026-09-01,2027-08-31\n`);
    expect(result).toMatchObject({ importedRows: 1, rejectedRows: 3 });
    expect((await invalidRows(result.id)).slice(1).map((row) => row[6])).toEqual([
      'MPAN / MPRN: already exists',
      'Supplier: More than one supplier is named Twin Power: give its number',
      'Supplier: No supplier is named Nobody',
    ]);
  });
});

describe('bad input', () => {
  it('refuses a request it cannot take at once, naming the field and rule, and stores nothing', async () => {
    const before = await api.db.knex('record_imports').count({ n: '*' });
    const cases: Array<[ReturnType<typeof upload>, number, string]> = [
      [upload('PEOPLE', 'email\na@b.test\n'), 400, 'kind:oneOf'],
      [upload(null, 'email\na@b.test\n'), 400, 'kind:oneOf'],
      [upload('TENANTS', 'hello', { type: 'text/plain', name: 'notes.txt' }), 400, 'file:upload'],
      [upload('TENANTS', ''), 400, 'file:upload'],
      [upload('TENANTS', 'email\na@b.test\n', { name: '' }), 400, 'file:upload'],
      [upload('TENANTS', 'email\na@b.test\n', { group: null }), 400, 'X-Group-ID:required'],
    ];
    for (const [req, code, field] of cases) {
      const res = await req;
      expect([res.status, `${res.body.error.fields?.[0]?.field}:${res.body.error.fields?.[0]?.rule}`]).toEqual([code, field]);
    }
    expect((await upload('TENANTS', 'email\na@b.test\n', { token: readonly })).status).toBe(403);
    expect((await upload('TENANTS', 'email\na@b.test\n', { token: partner })).status).toBe(403);
    expect((await request(api.app.express).post('/api/v2/uploads/import?kind=TENANTS').set('Content-Type', CSV).send('email\n')).status).toBe(401);
    expect(await api.db.knex('record_imports').count({ n: '*' })).toEqual(before);
  });

  it('fails a file whose columns are unknown or missing with its own message, creating nothing', async () => {
    const users = await api.db.knex('users').count({ n: '*' });
    const unknown = await importFile('TENANTS', 'email,first name,last name,shoe size\nx@y.test,X,Y,9\n');
    expect(unknown).toMatchObject({ status: 'FAILED', importedRows: 0 });
    expect(unknown.message).toMatch(/^Unknown column shoe size: the columns are e-mail, first name, last name/);
    const missing = await importFile('TENANTS', 'email,first name\nx@y.test,X\n');
    expect(missing.message).toBe('The file has no last name column');
    const empty = await importFile('TENANTS', 'email,first name,last name\n');
    expect(empty.message).toBe('The file has no rows under its header');
    expect(await api.db.knex('users').count({ n: '*' })).toEqual(users);
  });

  it('leaves nothing half-written when the job dies part-way, and imports everything once on its retry', async () => {
    const users = await api.db.knex('users').count({ n: '*' });
    const res = await upload('TENANTS', 'email,first name,last name\nfaye.grant@import.test,Faye,Grant\nnot-an-email,Gus,Hall\n');
    const real = new LocalFileStorage(folder);
    const dying = { description: 'dying', open: (key: string) => real.open(key), remove: (key: string) => real.remove(key), put: () => Promise.reject(new Error('disk full')) };
    await expect(runRecordImport(api.db.knex, res.body.id, { storage: dying })).rejects.toThrow('disk full');
    expect((await status(res.body.id)).body.status).toBe('FAILED');
    expect(await api.db.knex('users').count({ n: '*' })).toEqual(users);
    await runRecordImport(api.db.knex, res.body.id);
    expect((await status(res.body.id)).body).toMatchObject({ status: 'DONE', importedRows: 1, rejectedRows: 1 });
  });

  it("answers not found for another group's import and its invalid rows, and for an id that is not one", async () => {
    const res = await upload('TENANTS', 'email,first name,last name\nhal.ives@import.test,Hal,Ives\nbad,Bad,Row\n', { group: '2' });
    await runRecordImport(api.db.knex, res.body.id);
    expect((await status(res.body.id, { group: '2' })).body.rejectedRows).toBe(1);
    const foreign = await status(res.body.id, { group: '1' });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const link = `/api/v2/uploads/import/${res.body.id}/rejected-rows`;
    const rows = await request(api.app.express).get(`${link}?jwt=${encodeURIComponent(await downloadToken(api, link, staff))}&groupId=1`);
    expect(rows.status).toBe(404);
    expect((await status(Number('9'.repeat(12)))).status).toBe(404);
    expect((await request(api.app.express).get('/api/v2/uploads/import/abc').set({ Authorization: `Bearer ${staff}`, 'X-Group-ID': '1' })).status).toBe(404);
    expect((await status(res.body.id, { token: readonly, group: '2' })).status).toBe(200);
  });
});
