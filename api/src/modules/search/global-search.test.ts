import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * The back office's search box: houses by address or postcode, tenants by name or e-mail, records by their
 * reference; only in the caller's group and only kinds its role reads.
 */
let api: ApiHarness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await startApiHarness();
  for (const who of ['staff', 'partner', 'tenant']) tokens[who] = await api.signIn(`${who}@demo.test`);
});
afterAll(() => api.stop());

const SEARCH = 'query ($q: String!) { globalSearch(q: $q) { resource kind id label } }';
type Hit = { resource: string; kind: string; id: string; label: string };
const search = async (q: string, who = 'staff', group = '1'): Promise<Hit[]> => {
  const res = await api.graphql(SEARCH, { q }, tokens[who], { 'X-Group-ID': group });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.globalSearch;
};

it('finds a house by postcode and by street, named as the screens name it', async () => {
  const house = await api.db.knex('houses').where({ group_id: 1 }).first('id', 'street_name', 'post_code');
  const byPostcode = await search(house.post_code);
  expect(byPostcode).toContainEqual({ resource: 'House', kind: 'Houses', id: String(house.id), label: `${house.street_name}, ${house.post_code}` });
  expect((await search(house.street_name.slice(0, 8))).some((hit) => hit.id === String(house.id) && hit.resource === 'House')).toBe(true);
});

it('finds a house by its postcode typed without the space, in lower case, and a tenant by full name', async () => {
  const house = await api.db.knex('houses').where({ group_id: 1 }).first('id', 'post_code');
  expect((await search(house.post_code.replace(' ', '').toLowerCase())).map((hit) => `${hit.resource} ${hit.id}`)).toContain(`House ${house.id}`);
  expect(await search('amelia hughes')).toEqual([expect.objectContaining({ resource: 'Tenant', label: 'Amelia Hughes' })]);
  // Typed wildcards are letters, not patterns.
  expect(await search('%%')).toEqual([]);
});

it('finds a tenant behind hundreds of matches outside the list (agents of the same name, read a round at a time)', async () => {
  const agents = Array.from({ length: 250 }, (_, i) => ({ email: `roundtrip-agent-${i}@example.test`, first_name: 'Quentin', last_name: 'Roundtrip', role: 'agent' }));
  await api.db.knex('users').insert(agents);
  const [tenant] = await api.db.knex('users').insert({ email: 'roundtrip-tenant@example.test', first_name: 'Quentin', last_name: 'Roundtrip', role: 'front', portal: 'MY_ACCOUNT' }).returning('id');
  expect(await search('Quentin Roundtrip')).toEqual([{ resource: 'Tenant', kind: 'Tenants', id: String(tenant.id), label: 'Quentin Roundtrip' }]);
});

it('finds a tenant by e-mail and a contract by its reference', async () => {
  expect(await search('tenant@demo.test')).toEqual([expect.objectContaining({ resource: 'Tenant', label: 'Amelia Hughes' })]);
  const contract = await api.db.knex('house_contracts').where({ group_id: 1 }).first('id');
  expect(await search(`HC-${contract.id}`)).toEqual([{ resource: 'HouseContract', kind: 'House contracts', id: String(contract.id), label: `HC-${contract.id}` }]);
});

it("never finds another group's records", async () => {
  const other = await api.db.knex('houses').where({ group_id: 2 }).first('post_code');
  expect((await search(other.post_code)).filter((hit) => hit.resource === 'House' && hit.label.endsWith(other.post_code)).length).toBe(0);
  expect(await search('group2tenant@demo.test')).toEqual([]);
  const contract = await api.db.knex('house_contracts').where({ group_id: 2 }).first('id');
  expect(await search(`HC-${contract.id}`)).toEqual([]);
});

it("gives the partner desk only its own visits' houses, and refuses tenants", async () => {
  const hits = await search('Road', 'partner');
  expect(hits.every((hit) => hit.resource === 'House')).toBe(true);
  const partnerId = (await api.db.knex('users').where({ email: 'partner@demo.test' }).first('partner_id')).partner_id;
  const own = new Set((await api.db.knex('house_visits').where({ partner_id: partnerId }).pluck('house_id')).map(String));
  expect(hits.every((hit) => own.has(hit.id))).toBe(true);
  expect((await api.graphql(SEARCH, { q: 'Road' }, tokens.tenant, { 'X-Group-ID': '1' })).status).toBe(403);
});
