import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { downloadToken, startApiHarness, type ApiHarness } from '../../testing';

/*
 * Files on records (issue 21): POST /api/v2/uploads/comment-attachments (COMMENT_ATTACHMENT) and a tenant's
 * tenancy agreements and proofs of address (POST /api/v2/uploads/tenant-documents): type and size checked,
 * stored through the file storage, listed on the record, served through short-lived download links; another
 * group's record or file is not found and nothing is half-written.
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'record-attachments-'));
process.env.UPLOADS_DIR = folder;

let api: ApiHarness;
let staff: string;
let readonly: string;
let partner: string;
let comment: { id: number; group_id: number };
let foreignComment: { id: number };
let tenant: { id: number };
let foreignTenant: { id: number } | undefined;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  readonly = await api.signIn('readonly@demo.test');
  partner = await api.signIn('partner@demo.test');
  const knex = api.db.knex;
  const houseContract = await knex('house_contracts').where({ group_id: 1 }).first('id');
  comment = (await knex('comments').insert({ group_id: 1, house_contract_id: houseContract.id, body: 'Tenancy renewed' }).returning(['id', 'group_id']))[0]!;
  const otherContract = await knex('house_contracts').where({ group_id: 2 }).first('id');
  foreignComment = (await knex('comments').insert({ group_id: 2, house_contract_id: otherContract.id, body: 'Group 2 note' }).returning('id'))[0]!;
  tenant = await knex('tenant_contracts').join('users', 'users.id', 'tenant_contracts.user_id').where('tenant_contracts.group_id', 1).first('users.id as id');
  // A tenant whose contracts are all in group 2 is not group 1's (the demo data has one: group2tenant@demo.test).
  foreignTenant = await knex('users')
    .whereIn('id', knex('tenant_contracts').where({ group_id: 2 }).select('user_id'))
    .whereNotIn('id', knex('tenant_contracts').where({ group_id: 1 }).select('user_id'))
    .first('id');
});
afterAll(async () => {
  await api.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

function send(route: string, query: Record<string, string | number>, { token = staff, type = 'application/pdf', name = 'agreement.pdf', body = PDF, group = '1' } = {}) {
  return request(api.app.express)
    .post(`/api/v2/uploads/${route}?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`)
    .set({ Authorization: `Bearer ${token}`, 'X-Group-ID': group, 'Content-Type': type, 'X-File-Name': encodeURIComponent(name) })
    .send(body);
}

async function download(id: string | number, token = staff, group?: string) {
  const link = `/api/v2/uploads/files/${id}`;
  const req = request(api.app.express).get(`${link}?jwt=${encodeURIComponent(await downloadToken(api, link, token))}`);
  if (group) req.set('X-Group-ID', group);
  return req;
}

const uploadCount = async () => Number((await api.db.knex('uploads').count({ n: '*' }))[0]!.n);

describe('comment attachments', () => {
  it('stores a PDF on a comment, lists it there and serves it through a download link', async () => {
    const res = await send('comment-attachments', { commentId: comment.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ resourceType: 'COMMENT_ATTACHMENT', fileName: 'agreement.pdf', contentType: 'application/pdf', sizeBytes: PDF.length });
    const row = await api.db.knex('uploads').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ comment_id: comment.id, group_id: 1, resource_type: 'COMMENT_ATTACHMENT' });
    const listed = await api.graphql('query ($id: ID!) { commentAttachments(commentId: $id) { id fileName } }', { id: comment.id }, readonly, { 'X-Group-ID': '1' });
    expect(listed.body.data.commentAttachments).toEqual([{ id: String(res.body.id), fileName: 'agreement.pdf' }]);
    const file = await download(res.body.id, readonly);
    expect([file.status, file.headers['content-type']]).toEqual([200, 'application/pdf']);
  });

  it("answers not found for another group's comment and file, and for a partner, and stores nothing", async () => {
    const before = await uploadCount();
    const foreign = await send('comment-attachments', { commentId: foreignComment.id });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await api.graphql('query ($id: ID!) { commentAttachments(commentId: $id) { id } }', { id: foreignComment.id }, staff, { 'X-Group-ID': '1' })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await send('comment-attachments', { commentId: comment.id }, { token: partner })).status).toBe(403);
    expect(await uploadCount()).toBe(before);
    // A group-2 comment's file, asked for as group 1: not found (a file of group 2 under group 2 is served).
    const theirs = await send('comment-attachments', { commentId: foreignComment.id }, { group: '2' });
    expect(theirs.status).toBe(201);
    expect((await download(theirs.body.id, staff, '1')).status).toBe(404);
    expect((await download(theirs.body.id, staff, '2')).status).toBe(200);
    expect((await download(theirs.body.id, partner)).status).toBe(404);
  });

  it('refuses a bad type, size, id or group with the field and rule named', async () => {
    const before = await uploadCount();
    const cases: Array<[Parameters<typeof send>, number, string]> = [
      [['comment-attachments', { commentId: comment.id }, { type: 'text/html', name: 'x.html', body: Buffer.from('<script>') }], 400, 'file:upload'],
      [['comment-attachments', { commentId: comment.id }, { body: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }], 400, 'file:upload'],
      [['comment-attachments', {}, {}], 400, 'commentId:required'],
      [['comment-attachments', { commentId: '1 OR 1=1' }, {}], 404, 'commentId:exists'],
      [['comment-attachments', { commentId: comment.id }, { group: 'x' }], 400, 'X-Group-ID:type'],
    ];
    for (const [args, status, field] of cases) {
      const res = await send(...args);
      expect([res.status, `${res.body.error.fields?.[0]?.field}:${res.body.error.fields?.[0]?.rule}`]).toEqual([status, field]);
    }
    // Bigger than any attachment may be: refused by the body's limit, as JSON, never a 500.
    const huge = await send('comment-attachments', { commentId: comment.id }, { body: Buffer.alloc(21 * 1024 * 1024, 1) });
    expect([huge.status, huge.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await uploadCount()).toBe(before);
  });
});

describe("a tenant's documents", () => {
  it('stores a tenancy agreement and a proof of address on the tenant and lists both', async () => {
    const agreement = await send('tenant-documents', { tenantId: tenant.id, type: 'TENANCY_AGREEMENT' });
    const proof = await send('tenant-documents', { tenantId: tenant.id, type: 'PROOF_OF_ADDRESS' }, { type: 'image/png', name: 'bill.png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
    expect([agreement.status, proof.status]).toEqual([201, 201]);
    const listed = await api.graphql('query ($id: ID!) { tenantDocuments(tenantId: $id) { resourceType fileName } }', { id: tenant.id }, staff, { 'X-Group-ID': '1' });
    expect(listed.body.data.tenantDocuments).toEqual([
      { resourceType: 'TENANCY_AGREEMENT', fileName: 'agreement.pdf' },
      { resourceType: 'PROOF_OF_ADDRESS', fileName: 'bill.png' },
    ]);
    expect((await download(proof.body.id)).status).toBe(200);
  });

  it("refuses a kind a tenant does not take, another group's tenant and a reader", async () => {
    const before = await uploadCount();
    const wrongKind = await send('tenant-documents', { tenantId: tenant.id, type: 'COMMENT_ATTACHMENT' });
    expect([wrongKind.status, wrongKind.body.error.fields[0].field, wrongKind.body.error.fields[0].rule]).toEqual([400, 'type', 'oneOf']);
    expect(foreignTenant).toBeDefined();
    expect((await send('tenant-documents', { tenantId: foreignTenant!.id, type: 'PROOF_OF_ADDRESS' })).status).toBe(404);
    const listed = await api.graphql('query ($id: ID!) { tenantDocuments(tenantId: $id) { id } }', { id: foreignTenant!.id }, staff, { 'X-Group-ID': '1' });
    expect(listed.body.errors[0].extensions.code).toBe('NOT_FOUND');
    // Staff are users too, but not tenants: not found as a tenant.
    const staffUser = await api.db.knex('users').where({ email: 'staff@demo.test' }).first('id');
    expect((await send('tenant-documents', { tenantId: staffUser.id, type: 'PROOF_OF_ADDRESS' })).status).toBe(404);
    expect((await send('tenant-documents', { tenantId: tenant.id, type: 'PROOF_OF_ADDRESS' }, { token: readonly })).status).toBe(403);
    expect(await uploadCount()).toBe(before);
  });
});
