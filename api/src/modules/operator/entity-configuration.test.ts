import request from 'supertest';
import { hashPassword } from '../../auth/password-hashing';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * The System area's entity configuration (GET and PATCH /api/v2/admin/entity-configuration/{groupId}): read with
 * its defaults before the first edit, changed with each field checked by name, audited; staff who work for one
 * group neither read nor change another's (not found), and a refused change writes nothing.
 */

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
afterAll(() => api.stop());

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
