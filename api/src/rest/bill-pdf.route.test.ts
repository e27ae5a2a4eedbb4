import request from 'supertest';
import { GOLDEN_HOUSE, MARCH_2026, buildBillHouse } from '../modules/billing/billing-test-data';
import { generateHouseStatement } from '../modules/billing/house-statement.service';
import { startApiHarness, type ApiHarness } from '../testing';

let api: ApiHarness;
let tenantBillId: number;
let staffToken: string;
beforeAll(async () => {
  api = await startApiHarness();
  const house = await buildBillHouse(api.db.knex, GOLDEN_HOUSE);
  const outcome = await api.db.knex.transaction((trx) => generateHouseStatement(trx, { houseContractId: house.houseContractId, ...MARCH_2026, issueDate: '2026-04-02' }));
  if (outcome.status !== 'BILLED') throw new Error(`not billed: ${JSON.stringify(outcome)}`);
  tenantBillId = outcome.tenantBillIds[0]!;
  staffToken = await api.signIn('staff@demo.test');
});
afterAll(() => api.stop());

/** A link as the back office makes it: the path with a download token for it (never the session token). */
async function link(path: string, token: string): Promise<string> {
  const res = await api.graphql('mutation ($path: String!) { downloadToken(path: $path) }', { path }, token);
  return `${path}?jwt=${encodeURIComponent(res.body.data.downloadToken)}`;
}

/** Supertest buffers application/pdf as a Buffer only when told to. */
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('GET /api/v2/bills/:id/pdf', () => {
  it('streams the statement PDF to staff through a plain link carrying ?jwt=', async () => {
    const res = await request(api.app.express).get(await link(`/api/v2/bills/${tenantBillId}/pdf`, staffToken)).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="statement-${tenantBillId}-2026-03-31.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  });

  it('accepts the Bearer header with the bill’s group, and ?download for an attachment', async () => {
    const res = await request(api.app.express).get(`/api/v2/bills/${tenantBillId}/pdf?download`).set({ Authorization: `Bearer ${staffToken}`, 'X-Group-ID': '1' }).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect((res.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');
  });

  it("answers not found to staff who do not work for the bill's group", async () => {
    const other: { group_id: number } = await api.db.knex('bills').where({ id: tenantBillId }).first('group_id');
    const narrow: { id: number } = await api.db.knex('users').where({ email: 'readonly@demo.test' }).first('id');
    await api.db.knex('users').where({ id: narrow.id }).update({ all_groups: false });
    await api.db.knex('backoffice_user_groups').insert({ user_id: narrow.id, group_id: other.group_id === 1 ? 2 : 1 });
    const token = await api.signIn('readonly@demo.test');
    await request(api.app.express).get(await link(`/api/v2/bills/${tenantBillId}/pdf`, token)).expect(404);
    await api.db.knex('backoffice_user_groups').insert({ user_id: narrow.id, group_id: other.group_id });
    await request(api.app.express).get(await link(`/api/v2/bills/${tenantBillId}/pdf`, await api.signIn('readonly@demo.test'))).expect(200);
  });

  it('refuses the partner desk (no money detail) and a session token in the link', async () => {
    const token = await api.signIn('partner@demo.test');
    await request(api.app.express).get(await link(`/api/v2/bills/${tenantBillId}/pdf`, token)).expect(403);
    await request(api.app.express).get(`/api/v2/bills/${tenantBillId}/pdf?jwt=${staffToken}`).expect(401);
  });

  it('refuses a download token of another file, and of a signed-out session', async () => {
    const other = await link('/api/v2/bills/987654321/pdf', staffToken);
    await request(api.app.express).get(`/api/v2/bills/${tenantBillId}/pdf?${other.split('?')[1]}`).expect(401);
    const token = await api.signIn('staff@demo.test');
    const url = await link(`/api/v2/bills/${tenantBillId}/pdf`, token);
    await api.graphql('mutation { logout }', {}, token);
    await request(api.app.express).get(url).expect(401);
  });

  it('answers 404 for an unknown bill, a malformed id and a bill of another group than X-Group-ID', async () => {
    await request(api.app.express).get(await link('/api/v2/bills/987654321/pdf', staffToken)).expect(404);
    await request(api.app.express).get('/api/v2/bills/abc/pdf').set('Authorization', `Bearer ${staffToken}`).expect(404);
    const other = await request(api.app.express).get(`/api/v2/bills/${tenantBillId}/pdf`).set({ Authorization: `Bearer ${staffToken}`, 'X-Group-ID': '2' }).expect(404);
    expect(other.body.error.code).toBe('NOT_FOUND');
  });

  it('refuses anonymous callers (401), tenants (403) and a bad token', async () => {
    await request(api.app.express).get(`/api/v2/bills/${tenantBillId}/pdf`).expect(401);
    await request(api.app.express).get(`/api/v2/bills/${tenantBillId}/pdf?jwt=not-a-token`).expect(401);
    const tenant = await api.signIn('tenant@demo.test');
    await request(api.app.express).get(await link(`/api/v2/bills/${tenantBillId}/pdf`, tenant)).expect(403);
  });
});
