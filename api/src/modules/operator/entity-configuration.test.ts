import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { hashPassword } from '../../auth/password-hashing';
import { startApiHarness, type ApiHarness } from '../../testing';
import { loadGroupBrand } from '../brand/group-brand';

/*
 * The System area's entity configuration (GET and PATCH /api/v2/admin/entity-configuration/{groupId}): read with
 * its defaults before the first edit, changed with each field checked by name, audited; staff who work for one
 * group neither read nor change another's (not found), and a refused change writes nothing. The group's logo is
 * uploaded as the image itself (POST …/{groupId}/logo) and becomes the brand the statements draw.
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'brand-logo-'));
process.env.UPLOADS_DIR = folder;

let api: ApiHarness;
let staff: string;
let groupOneOnly: string;
let readonly: string;

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  readonly = await api.signIn('readonly@demo.test');
  const knex = api.db.knex;
  // Group 2 as never configured, whatever brand the demo data gives it.
  await knex('entity_configurations').where({ group_id: 2 }).delete();
  const [role] = await knex('backoffice_roles').where({ name: 'Administrator' }).select('id');
  const [user] = await knex('users').insert({ email: 'ops-group1@demo.test', first_name: 'Owen', last_name: 'Price', role: 'backoffice', backoffice_role_id: role.id, all_groups: false, password_hash: await hashPassword('Demo1234'), confirmed_at: knex.fn.now() }).returning('id');
  await knex('backoffice_user_groups').insert({ user_id: user.id, group_id: 1 });
  groupOneOnly = await api.signIn('ops-group1@demo.test');
});
afterAll(async () => {
  await api.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const get = (group: string, token = staff) => request(api.app.express).get(`/api/v2/admin/entity-configuration/${group}`).set('Authorization', `Bearer ${token}`);
const patch = (group: string, body: object, token = staff) => request(api.app.express).patch(`/api/v2/admin/entity-configuration/${group}`).set('Authorization', `Bearer ${token}`).send(body);

it('reads a group that was never configured with its name, then what was saved, audited', async () => {
  const name = (await api.db.knex('groups').where({ id: 2 }).first('name')).name;
  expect((await get('2')).body).toEqual({ id: null, groupId: 2, displayName: name, primaryColour: null, secondaryColour: null, logoUploadId: null, supportEmail: null });
  const saved = await patch('2', { displayName: 'Student Bills North', primaryColour: '#0a7', supportEmail: 'help@north.test' });
  expect(saved.status).toBe(200);
  expect((await get('2')).body).toMatchObject({ groupId: 2, displayName: 'Student Bills North', primaryColour: '#0a7', supportEmail: 'help@north.test' });
  expect(await api.db.knex('audit_log').where({ entity: 'entity_configurations', entity_id: String(saved.body.id) }).count({ n: '*' })).toEqual([{ n: 1 }]);
});

it('refuses bad values by field and rule, writing nothing', async () => {
  const before = await api.db.knex('entity_configurations').where({ group_id: 1 }).first();
  const res = await patch('1', { displayName: '', primaryColour: 'red', supportEmail: 'nope', logoUploadId: 999999, colourOfDoor: 'blue' });
  expect(res.status).toBe(400);
  expect(res.body.error.fields.map((f: { field: string; rule: string }) => `${f.field}:${f.rule}`).sort()).toEqual(['colourOfDoor:unknown', 'displayName:required', 'logoUploadId:exists', 'primaryColour:hexColour', 'supportEmail:email']);
  expect(await api.db.knex('entity_configurations').where({ group_id: 1 }).first()).toEqual(before);
});

it("answers not found for another group's configuration to staff of one group, and for a group that does not exist", async () => {
  expect((await get('1', groupOneOnly)).status).toBe(200);
  const before = await api.db.knex('entity_configurations').where({ group_id: 2 }).first();
  expect((await get('2', groupOneOnly)).status).toBe(404);
  expect((await patch('2', { displayName: 'Taken over' }, groupOneOnly)).status).toBe(404);
  expect(await api.db.knex('entity_configurations').where({ group_id: 2 }).first()).toEqual(before);
  expect((await get('999')).status).toBe(404);
  expect((await get('x')).status).toBe(404);
  expect((await get('1', readonly)).status).toBe(403);
});

/** A 1×1 PNG, as a logo file is. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const uploadLogo = (group: string, body: Buffer, type = 'image/png', token = staff) =>
  request(api.app.express).post(`/api/v2/admin/entity-configuration/${group}/logo`).set({ Authorization: `Bearer ${token}`, 'Content-Type': type, 'X-File-Name': 'brand-logo.png' }).send(body);
/** The public logo address, as an <img> asks for it: no session. */
const logoOf = (group: string, version = '') =>
  request(api.app.express).get(`/api/v2/brand/${group}/logo${version}`).buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (chunk: Buffer) => chunks.push(chunk));
    r.on('end', () => done(null, Buffer.concat(chunks)));
  });

it("uploads a group's logo as the image itself: it becomes the brand's logo, is shown back, and the change is audited", async () => {
  expect((await logoOf('1')).status).toBe(404);
  const res = await uploadLogo('1', PNG);
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ groupId: 1, logoUploadId: expect.any(Number) });
  expect(await api.db.knex('uploads').where({ id: res.body.logoUploadId }).first('resource_type', 'group_id', 'content_type')).toEqual({ resource_type: 'ENTITY_CONFIGURATION_ASSET', group_id: 1, content_type: 'image/png' });
  expect((await loadGroupBrand(api.db.knex, 1))?.logo).toMatchObject({ uploadId: res.body.logoUploadId, contentType: 'image/png' });
  // Anyone may load it (it is on every statement); the back office finds it through its brand.
  const brand = await api.graphql('{ groupBrand { logoUrl } }', {}, staff, { 'X-Group-ID': '1' });
  expect(brand.body.data.groupBrand.logoUrl).toBe(`/api/v2/brand/1/logo?v=${res.body.logoUploadId}`);
  const shown = await logoOf('1', `?v=${res.body.logoUploadId}`);
  expect(shown.status).toBe(200);
  expect(shown.headers['content-type']).toBe('image/png');
  expect(shown.headers['cache-control']).toContain('immutable');
  expect(Buffer.compare(shown.body as Buffer, PNG)).toBe(0);
  // Without the version (or an old one) the answer is not cached: the next logo shows at once.
  expect((await logoOf('1')).headers['cache-control']).toBe('no-cache');
  expect((await logoOf('x')).status).toBe(404);
  expect(await api.db.knex('audit_log').where({ entity: 'entity_configurations', entity_id: String(res.body.id) }).orderBy('id', 'desc').first('after')).toMatchObject({ after: expect.objectContaining({ logo_upload_id: res.body.logoUploadId }) });
});

it('refuses a logo of another type, one whose bytes are not what it says, an empty one and one too large, by field, keeping the logo', async () => {
  const before = await api.db.knex('entity_configurations').where({ group_id: 1 }).first('logo_upload_id');
  const uploads = await api.db.knex('uploads').count({ n: '*' }).first();
  for (const [body, type] of [
    [PNG, 'image/webp'],
    [Buffer.from('not a picture at all'), 'image/png'],
    [Buffer.alloc(0), 'image/jpeg'],
  ] as const) {
    const res = await uploadLogo('1', body, type);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([expect.objectContaining({ field: 'file' })]);
  }
  expect((await uploadLogo('1', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))).status).toBe(413);
  expect(await api.db.knex('entity_configurations').where({ group_id: 1 }).first('logo_upload_id')).toEqual(before);
  expect(await api.db.knex('uploads').count({ n: '*' }).first()).toEqual(uploads);
});

it("refuses to change another group's logo to staff of one group (not found) and to staff without the System area", async () => {
  expect((await uploadLogo('2', PNG, 'image/png', groupOneOnly)).status).toBe(404);
  expect((await logoOf('2')).status).toBe(404);
  expect((await uploadLogo('1', PNG, 'image/png', readonly)).status).toBe(403);
  expect(await api.db.knex('entity_configurations').where({ group_id: 2 }).first('logo_upload_id')).not.toMatchObject({ logo_upload_id: expect.any(Number) });
});
