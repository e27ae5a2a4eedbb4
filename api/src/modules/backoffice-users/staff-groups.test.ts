import { hashPassword } from '../../auth';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * X-Group-ID names only a group the staff account works for (issue 13): its own list, or every group for
 * head-office accounts. Staff give others only groups they work for themselves.
 */
let api: ApiHarness;
let admin: string;
beforeAll(async () => {
  api = await startApiHarness();
  admin = await api.signIn('staff@demo.test');
});
afterAll(() => api.stop());

const CREATE = `mutation ($email: String!, $roleId: ID!, $allGroups: Boolean, $groupIds: [ID!]) {
  createBackofficeUser(email: $email, firstName: "Gwen", lastName: "Morgan", backofficeRoleId: $roleId, allGroups: $allGroups, groupIds: $groupIds) { id allGroups groupIds }
}`;

async function administratorRoleId(): Promise<number> {
  return (await api.db.knex('backoffice_roles').where({ name: 'Administrator' }).first('id')).id;
}

/** Creates an administrator through the API (as staff@demo.test in `group`) and gives it a password to sign in with. */
async function createStaff(email: string, variables: Record<string, unknown>, group = '1', token = admin) {
  const res = await api.graphql(CREATE, { email, roleId: await administratorRoleId(), ...variables }, token, { 'X-Group-ID': group });
  if (!res.body.errors) await api.db.knex('users').where({ email }).update({ password_hash: await hashPassword('Demo1234') });
  return res.body;
}

it('lets a group-1 account work in group 1 only: group 2 is refused with 403, and it lists only group 1', async () => {
  const created = await createStaff('gwen.group1@demo.test', { groupIds: ['1'] });
  expect(created.data.createBackofficeUser).toEqual({ id: expect.any(String), allGroups: false, groupIds: ['1'] });
  const token = await api.signIn('gwen.group1@demo.test');

  const inOwn = await api.graphql('{ allHouses(perPage: 1) { id } }', {}, token, { 'X-Group-ID': '1' });
  expect(inOwn.body.errors).toBeUndefined();
  const inOther = await api.graphql('{ allHouses(perPage: 1) { id } }', {}, token, { 'X-Group-ID': '2' });
  expect(inOther.status).toBe(403);
  expect(inOther.body.errors[0].extensions.code).toBe('FORBIDDEN');
  const myGroups = await api.graphql('{ myGroups { id name } }', {}, token);
  expect(myGroups.body.data.myGroups.map((group: { id: string }) => group.id)).toEqual(['1']);
  // The logs hold every group's changes, with no group to filter by: head office only.
  const audit = await api.graphql('{ allAuditLogEntries(perPage: 1) { id } }', {}, token, { 'X-Group-ID': '1' });
  expect(audit.body.errors[0]).toMatchObject({ message: 'Audit log cover every group: only staff who work for every group read them', extensions: { code: 'FORBIDDEN' } });
  expect((await api.graphql('{ allAuditLogEntries(perPage: 1) { id } }', {}, admin, { 'X-Group-ID': '1' })).body.errors).toBeUndefined();
});

it('gives an account created without groups the group it was created in', async () => {
  const created = await createStaff('gwen.group2@demo.test', {}, '2');
  expect(created.data.createBackofficeUser.groupIds).toEqual(['2']);
});

it('refuses to give groups the giver does not work for, every group from a one-group account, or no group', async () => {
  await createStaff('gwen.limited@demo.test', { groupIds: ['1'] });
  const limited = await api.signIn('gwen.limited@demo.test');
  const other = await createStaff('gwen.other@demo.test', { groupIds: ['2'] }, '1', limited);
  expect(other.errors[0].extensions.fields).toEqual([{ field: 'groupIds', rule: 'ownGroups', message: 'You do not work for group 2' }]);
  const everything = await createStaff('gwen.all@demo.test', { allGroups: true }, '1', limited);
  expect(everything.errors[0].extensions.fields).toEqual([{ field: 'allGroups', rule: 'ownGroups', message: 'Only staff who work for every group can give every group' }]);
  const none = await createStaff('gwen.none@demo.test', { groupIds: [] });
  expect(none.errors[0].extensions.fields).toEqual([{ field: 'groupIds', rule: 'required', message: 'Choose at least one group' }]);
  const unknown = await createStaff('gwen.unknown@demo.test', { groupIds: ['999'] });
  expect(unknown.errors[0].extensions.fields).toEqual([{ field: 'groupIds', rule: 'exists', message: 'No group 999' }]);
  expect(await api.db.knex('users').whereIn('email', ['gwen.other@demo.test', 'gwen.all@demo.test', 'gwen.none@demo.test', 'gwen.unknown@demo.test']).count({ n: '*' }).then(([row]) => Number(row?.n))).toBe(0);
});

it('widens an account to every group, after which group 2 opens; the change is audited', async () => {
  const { data } = await createStaff('gwen.widened@demo.test', { groupIds: ['1'] });
  const id = data.createBackofficeUser.id as string;
  const updated = await api.graphql(`mutation { updateBackofficeUser(id: ${id}, allGroups: true) { allGroups groupIds } }`, {}, admin, { 'X-Group-ID': '1' });
  expect(updated.body.data.updateBackofficeUser).toEqual({ allGroups: true, groupIds: [] });
  const token = await api.signIn('gwen.widened@demo.test');
  expect((await api.graphql('{ allHouses(perPage: 1) { id } }', {}, token, { 'X-Group-ID': '2' })).body.errors).toBeUndefined();
  const audit = await api.db.knex('audit_log').where({ entity: 'users', entity_id: id, action: 'UPDATE' }).first('before', 'after');
  expect(audit).toMatchObject({ before: expect.objectContaining({ allGroups: false, groupIds: [1] }), after: expect.objectContaining({ allGroups: true }) });
});
