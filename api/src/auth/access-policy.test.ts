import { BACKOFFICE_AREAS } from '../rules';

import { startApiHarness, type ApiHarness } from '../testing';
import { listOperations, operationAccess } from '../graphql/schema';

describe('the access policy', () => {
  it('declares who may call every operation of the schema, and nothing that is not in it', () => {
    const operations = listOperations();
    const declared = operationAccess();
    expect(operations.filter((operation) => !declared[operation])).toEqual([]);
    expect(Object.keys(declared).filter((operation) => !operations.includes(operation))).toEqual([]);
  });
});

describe('roles against a sample of operations', () => {
  let api: ApiHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    api = await startApiHarness();
    for (const who of ['tenant', 'agent', 'staff', 'readonly', 'partner']) tokens[who] = await api.signIn(`${who}@demo.test`);
  });
  afterAll(() => api.stop());

  const LIST_ROLES = '{ allBackofficeRoles(perPage: 50) { id name accountType permissions permissionKeys } total: _allBackofficeRolesMeta { count } }';
  const CREATE_ROLE = 'mutation ($name: String!, $permissions: JSON) { createBackofficeRole(name: $name, permissions: $permissions) { id name permissions } }';

  it('answers 401 to an anonymous call of a protected operation', async () => {
    const res = await api.graphql(LIST_ROLES);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['tenant', LIST_ROLES],
    ['agent', LIST_ROLES],
    ['partner', LIST_ROLES],
    ['readonly', CREATE_ROLE],
  ])('answers 403 FORBIDDEN when %s calls what its role does not allow', async (who, query) => {
    const res = await api.graphql(query, { name: 'Sneaky' }, tokens[who]);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({ message: 'You do not have permission to do this', extensions: { code: 'FORBIDDEN' } });
  });

  it('lets read-only staff read but refuses every write on the server', async () => {
    const list = await api.graphql(LIST_ROLES, {}, tokens.readonly);
    expect(list.body.data.total.count).toBe(3);
    const update = await api.graphql('mutation { updateBackofficeRole(id: 1, name: "Renamed") { id } }', {}, tokens.readonly);
    expect(update.status).toBe(403);
    const createUser = await api.graphql('mutation { createBackofficeUser(email: "x@demo.test", firstName: "X", lastName: "Y", backofficeRoleId: 1) { id } }', {}, tokens.readonly);
    expect(createUser.status).toBe(403);
    expect(await api.db.knex('backoffice_roles').where({ name: 'Renamed' })).toHaveLength(0);
  });

  it('lets agents, and only agents, read their agencies', async () => {
    const QUERY = '{ currentAgent { isFO agencies { nodes { agencyInfo { name isActive } } } } }';
    expect((await api.graphql(QUERY, {}, tokens.agent)).body.data.currentAgent).toEqual({
      isFO: false,
      agencies: { nodes: [{ agencyInfo: { name: 'Hyde Park Lettings', isActive: true } }] },
    });
    expect((await api.graphql(QUERY, {}, tokens.tenant)).status).toBe(403);
  });

  describe('roles management', () => {
    it('creates a role with a permission matrix, audited with who and when', async () => {
      const res = await api.graphql(CREATE_ROLE, { name: 'Credit control desk', permissions: { creditControl: 'WRITE', payments: 'READ' } }, tokens.staff);
      const role = res.body.data.createBackofficeRole;
      expect(role.permissions).toEqual(Object.fromEntries(BACKOFFICE_AREAS.map((area) => [area, area === 'creditControl' ? 'WRITE' : area === 'payments' ? 'READ' : 'NONE'])));
      const audit = await api.db.knex('audit_log').where({ entity: 'backoffice_roles', entity_id: role.id }).first();
      const staff = await api.db.knex('users').where({ email: 'staff@demo.test' }).first('id');
      expect(audit).toMatchObject({ action: 'INSERT', actor_user_id: staff.id, before: null, after: expect.objectContaining({ name: 'Credit control desk' }) });
      expect(Date.now() - new Date(audit.created_at).getTime()).toBeLessThan(60_000);
    });

    it('refuses a duplicate role name, whatever its case, with "role already exists"', async () => {
      const res = await api.graphql(CREATE_ROLE, { name: 'read ONLY' }, tokens.staff);
      expect(res.body.errors[0]).toMatchObject({ message: 'role already exists', extensions: { code: 'CONFLICT', fields: [{ field: 'name', rule: 'unique' }] } });
    });

    it('refuses an unknown area or level, naming the field', async () => {
      const res = await api.graphql(CREATE_ROLE, { name: 'Odd', permissions: { billing: 'ADMIN', moon: 'READ' } }, tokens.staff);
      expect(res.body.errors[0].extensions.fields).toEqual([
        { field: 'permissions.billing', rule: 'oneOf', message: 'must be NONE, READ or WRITE' },
        { field: 'permissions.moon', rule: 'oneOf', message: 'is not a back-office area' },
      ]);
    });

    it('applies a permission change to signed-in holders on their next request, and audits before and after', async () => {
      const readOnly = await api.db.knex('backoffice_roles').where({ name: 'Read only' }).first('id');
      const grant = await api.graphql(
        'mutation ($id: ID!, $permissions: JSON) { updateBackofficeRole(id: $id, permissions: $permissions) { id } }',
        { id: readOnly.id, permissions: { usersAndRoles: 'NONE' } },
        tokens.staff,
      );
      expect(grant.body.errors).toBeUndefined();
      expect((await api.graphql(LIST_ROLES, {}, tokens.readonly)).status).toBe(403);
      const audit = await api.db.knex('audit_log').where({ entity: 'backoffice_roles', entity_id: String(readOnly.id), action: 'UPDATE' }).first();
      expect(audit.before.permissions.usersAndRoles).toBe('READ');
      expect(audit.after.permissions.usersAndRoles).toBe('NONE');
    });
  });

  describe('staff management', () => {
    it('creates staff without a password, and signs out a user made inactive', async () => {
      const role = await api.db.knex('backoffice_roles').where({ name: 'Administrator' }).first('id');
      const created = await api.graphql(
        'mutation ($roleId: ID!) { createBackofficeUser(email: "new.starter@demo.test", firstName: "Zara", lastName: "Okafor", backofficeRoleId: $roleId) { id accountType status } }',
        { roleId: role.id },
        tokens.staff,
        { 'X-Group-ID': '1' },
      );
      expect(created.body.data.createBackofficeUser).toMatchObject({ accountType: 'STAFF', status: 'ACTIVE' });
      const login = await api.graphql('mutation { login(input: { email: "new.starter@demo.test", password: "Anything1" }) { role } }');
      expect(login.body.errors[0].extensions.key).toBe('errors.signin.passwordIsNull');

      const partnerId = (await api.db.knex('users').where({ email: 'partner@demo.test' }).first('id')).id;
      const deactivate = await api.graphql(`mutation { updateBackofficeUser(id: ${partnerId}, status: "INACTIVE") { status } }`, {}, tokens.staff);
      expect(deactivate.body.data.updateBackofficeUser.status).toBe('INACTIVE');
      expect((await api.graphql('{ checkAuth }', {}, tokens.partner)).status).toBe(401);
    });

    it('names each bad field when creating staff', async () => {
      const res = await api.graphql('mutation { createBackofficeUser(email: "not-an-email", firstName: "9lives", lastName: "", backofficeRoleId: 999) { id } }', {}, tokens.staff);
      expect(res.body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toEqual(['email', 'firstName', 'lastName', 'backofficeRoleId', 'groupIds']);
    });
  });
});
