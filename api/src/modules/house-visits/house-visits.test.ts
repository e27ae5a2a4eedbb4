import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { downloadToken, startApiHarness, type ApiHarness } from '../../testing';

/*
 * House visits (issue 21): the workflow PENDING → REVIEW → COMPLETE | CANCELLED enforced on every update
 * (updateHouseVisit, whoever calls it), the completion result, photos and documents attached through the file
 * storage and served through short-lived download links, and partner staff working their own visits only: every
 * operation tried with another partner's visit ids answers not found and changes nothing.
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'visit-attachments-'));
process.env.UPLOADS_DIR = folder;

let api: ApiHarness;
const tokens = {} as Record<'staff' | 'readonly' | 'partner' | 'partner2', string>;
const partnerOf = {} as Record<'partner' | 'partner2', number>;
let houseId: number;
const GROUP = { 'X-Group-ID': '1' };
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const FIELDS = 'id status completionResult completedDate notes partnerId';

beforeAll(async () => {
  api = await startApiHarness();
  for (const who of ['staff', 'readonly', 'partner', 'partner2'] as const) tokens[who] = await api.signIn(`${who}@demo.test`);
  for (const who of ['partner', 'partner2'] as const) partnerOf[who] = (await api.db.knex('users').where({ email: `${who}@demo.test` }).first('partner_id')).partner_id;
  houseId = (await api.db.knex('houses').where({ group_id: 1 }).orderBy('id').first('id')).id;
});
afterAll(async () => {
  await api.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const gql = (query: string, variables: Record<string, unknown>, token = tokens.staff) => api.graphql(query, variables, token, GROUP);

async function newVisit(partner: 'partner' | 'partner2' = 'partner'): Promise<number> {
  const res = await gql(`mutation ($houseId: ID!, $partnerId: ID) { v: createHouseVisit(houseId: $houseId, jobType: "TAKE_READINGS", scheduledDate: "2026-01-10", partnerId: $partnerId) { id status } }`, { houseId, partnerId: partnerOf[partner] });
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.v.status).toBe('PENDING');
  return Number(res.body.data.v.id);
}

const update = (id: number, values: Record<string, unknown>, token = tokens.staff) =>
  gql(
    `mutation ($id: ID!, $status: String, $completionResult: String, $completedDate: String, $notes: String) { v: updateHouseVisit(id: $id, status: $status, completionResult: $completionResult, completedDate: $completedDate, notes: $notes) { ${FIELDS} } }`,
    { id, ...values },
    token,
  );

const refusal = (res: request.Response) => ({ code: res.body.errors?.[0]?.extensions?.code, fields: (res.body.errors?.[0]?.extensions?.fields ?? []).map((f: { field: string; rule: string }) => `${f.field}:${f.rule}`) });
const row = (id: number) => api.db.knex('house_visits').where({ id }).first();
const audits = async (id: number) => Number((await api.db.knex('audit_log').where({ entity: 'house_visits', entity_id: String(id), action: 'UPDATE' }).count({ n: '*' }))[0]!.n);

describe('the visit workflow', () => {
  it('moves a visit PENDING → REVIEW → COMPLETE with its result, audited at each step', async () => {
    const id = await newVisit();
    const reviewed = await update(id, { status: 'REVIEW', completionResult: 'ACCESS_GIVEN', completedDate: '2026-01-10', notes: 'Both meters read.' });
    expect(reviewed.body.data.v).toMatchObject({ status: 'REVIEW', completionResult: 'ACCESS_GIVEN' });
    const done = await update(id, { status: 'COMPLETE' });
    expect(done.body.data.v).toMatchObject({ status: 'COMPLETE', completionResult: 'ACCESS_GIVEN', completedDate: '2026-01-10' });
    expect(await audits(id)).toBe(2);
  });

  it('refuses a move the workflow does not allow, naming the field and rule, and writes nothing', async () => {
    const id = await newVisit();
    const before = await row(id);
    const skipped = await update(id, { status: 'COMPLETE', completionResult: 'ACCESS_GIVEN', completedDate: '2026-01-10' });
    expect(refusal(skipped)).toEqual({ code: 'BAD_USER_INPUT', fields: ['status:transition'] });
    expect(skipped.body.errors[0].message).toContain('A PENDING visit cannot become COMPLETE: it can become REVIEW, CANCELLED');
    const noResult = await update(id, { status: 'REVIEW' });
    expect(refusal(noResult)).toEqual({ code: 'BAD_USER_INPUT', fields: ['completionResult:requiredWhenReported'] });
    const unknown = await update(id, { status: 'DONE' });
    expect(refusal(unknown).code).toBe('BAD_USER_INPUT');
    expect(refusal(unknown).fields[0]).toMatch(/^status:/);
    expect(await row(id)).toEqual(before);
    expect(await audits(id)).toBe(0);
  });

  it('keeps a finished visit as it was: no status, result or note changes, but saving it back unchanged passes', async () => {
    const id = await newVisit();
    expect((await update(id, { status: 'CANCELLED', notes: 'Tenants moved out.' })).body.data.v.status).toBe('CANCELLED');
    expect(refusal(await update(id, { status: 'PENDING' }))).toEqual({ code: 'BAD_USER_INPUT', fields: ['status:finished'] });
    expect(refusal(await update(id, { notes: 'Rewritten' }))).toEqual({ code: 'BAD_USER_INPUT', fields: ['notes:finished'] });
    const same = await update(id, { status: 'CANCELLED', notes: 'Tenants moved out.' });
    expect(same.body.errors).toBeUndefined();
    expect((await row(id)).notes).toBe('Tenants moved out.');
  });

  it('lets a report go back to PENDING for more work', async () => {
    const id = await newVisit();
    await update(id, { status: 'REVIEW', completionResult: 'NO_REPLY', completedDate: '2026-01-10' });
    expect((await update(id, { status: 'PENDING' })).body.data.v.status).toBe('PENDING');
  });
});

describe('partner staff work their own visits', () => {
  it('moves its own visit through the workflow and always keeps it its own', async () => {
    const id = await newVisit('partner');
    const res = await update(id, { status: 'REVIEW', completionResult: 'REFUSED_ENTRY', completedDate: '2026-01-10' }, tokens.partner);
    expect(res.body.data.v).toMatchObject({ status: 'REVIEW', completionResult: 'REFUSED_ENTRY', partnerId: String(partnerOf.partner) });
  });

  it("answers not found for another partner's visit, on every operation, and changes nothing", async () => {
    const theirs = await newVisit('partner2');
    const before = await row(theirs);
    // A file of theirs, added by their own desk.
    const added = await attach(theirs, tokens.partner2);
    expect(added.status).toBe(201);
    const uploads = await api.db.knex('uploads').count({ n: '*' });

    expect(refusal(await update(theirs, { status: 'CANCELLED' }, tokens.partner)).code).toBe('NOT_FOUND');
    expect((await gql(`{ HouseVisit(id: ${theirs}) { id } }`, {}, tokens.partner)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    const list = await gql('query ($id: ID!) { houseVisitAttachments(houseVisitId: $id) { id } }', { id: theirs }, tokens.partner);
    expect(list.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const upload = await attach(theirs, tokens.partner);
    expect([upload.status, upload.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const download = await fetchFile(added.body.id, tokens.partner);
    expect(download.status).toBe(404);

    expect(await row(theirs)).toEqual(before);
    expect(await api.db.knex('uploads').count({ n: '*' })).toEqual(uploads);
  });
});

function attach(visitId: number | string | undefined, token = tokens.staff, { type = 'image/jpeg', name = 'meter.jpg', body = JPEG, kind }: { type?: string; name?: string; body?: Buffer; kind?: string } = {}) {
  const query = new URLSearchParams();
  if (visitId !== undefined) query.set('houseVisitId', String(visitId));
  if (kind) query.set('type', kind);
  return request(api.app.express)
    .post(`/api/v2/uploads/house-visit-attachments?${query}`)
    .set({ Authorization: `Bearer ${token}`, ...GROUP, 'Content-Type': type, 'X-File-Name': encodeURIComponent(name) })
    .send(body);
}

async function fetchFile(uploadId: number | string, token = tokens.staff) {
  const path = `/api/v2/uploads/files/${uploadId}`;
  return request(api.app.express).get(`${path}?jwt=${encodeURIComponent(await downloadToken(api, path, token))}`).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

describe('visit attachments', () => {
  it('stores a photo, lists it on the visit with who added it, and serves it through a download link', async () => {
    const id = await newVisit();
    const res = await attach(id, tokens.partner);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ resourceType: 'HOUSE_VISIT_JOB_ATTACHMENT', fileName: 'meter.jpg', contentType: 'image/jpeg', sizeBytes: JPEG.length, uploadedBy: 'Niamh Murphy' });
    const listed = await gql('query ($id: ID!) { houseVisitAttachments(houseVisitId: $id) { id fileName uploadedBy downloadPath } }', { id });
    expect(listed.body.data.houseVisitAttachments).toEqual([{ id: String(res.body.id), fileName: 'meter.jpg', uploadedBy: 'Niamh Murphy', downloadPath: `/api/v2/uploads/files/${res.body.id}` }]);
    const file = await fetchFile(res.body.id);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(Buffer.compare(file.body as Buffer, JPEG)).toBe(0);
    const audit = await api.db.knex('audit_log').where({ entity: 'uploads', entity_id: String(res.body.id), action: 'INSERT' }).first();
    expect(audit.actor_user_id).toEqual(expect.any(Number));
  });

  it('refuses a wrong type, size, kind or name with the field and rule named, and stores nothing', async () => {
    const id = await newVisit();
    const before = await api.db.knex('uploads').count({ n: '*' });
    const cases = [
      { args: { type: 'application/x-msdownload', name: 'run.exe' }, field: 'file:upload', message: 'The file must be one of: JPEG, PNG, WEBP, HEIC, PDF' },
      { args: { body: Buffer.alloc(11 * 1024 * 1024, 1) }, field: 'file:upload', message: 'The file must be at most 10 MB' },
      { args: { body: Buffer.alloc(0) }, field: 'file:upload', message: 'The file is empty' },
      { args: { name: '' }, field: 'file:upload', message: 'The file needs a name' },
      { args: { kind: 'TENANCY_AGREEMENT' }, field: 'type:oneOf', message: 'this record takes HOUSE_VISIT_JOB_ATTACHMENT' },
    ];
    for (const { args, field, message } of cases) {
      const res = await attach(id, tokens.staff, args);
      expect([res.status, res.body.error.code, `${res.body.error.fields[0].field}:${res.body.error.fields[0].rule}`]).toEqual([400, 'BAD_USER_INPUT', field]);
      expect(res.body.error.fields[0].message).toContain(message);
    }
    const missing = await attach(undefined);
    expect([missing.status, missing.body.error.fields[0].field]).toEqual([400, 'houseVisitId']);
    expect((await attach('abc')).status).toBe(404);
    expect((await attach(2_147_483_647)).status).toBe(404);
    expect(await api.db.knex('uploads').count({ n: '*' })).toEqual(before);
  });

  it('needs WRITE to add and a signed-in reader with a token for this very file to download', async () => {
    const id = await newVisit();
    expect((await attach(id, tokens.readonly)).status).toBe(403);
    const anonymous = await request(api.app.express).post(`/api/v2/uploads/house-visit-attachments?houseVisitId=${id}`).set('Content-Type', 'image/jpeg').send(JPEG);
    expect(anonymous.status).toBe(401);
    const added = await attach(id);
    expect((await request(api.app.express).get(`/api/v2/uploads/files/${added.body.id}`)).status).toBe(401);
    // A token for another file opens nothing.
    const other = `/api/v2/uploads/files/${Number(added.body.id) + 1}`;
    const wrong = await request(api.app.express).get(`/api/v2/uploads/files/${added.body.id}?jwt=${encodeURIComponent(await downloadToken(api, other, tokens.staff))}`);
    expect(wrong.status).toBe(401);
    expect((await fetchFile(added.body.id, tokens.readonly)).status).toBe(200);
    // A file that is not attached to a record (a readings import) is not served here.
    const [loose] = await api.db.knex('uploads').insert({ group_id: 1, resource_type: 'READING', file_name: 'r.csv', content_type: 'text/csv', size_bytes: 1, storage_key: 'reading/1/x.csv', status: 'READY' }).returning('id');
    expect((await fetchFile(loose.id)).status).toBe(404);
  });
});
