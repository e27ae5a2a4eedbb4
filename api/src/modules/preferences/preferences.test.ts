import { startApiHarness, type ApiHarness } from '../../testing';
import { PREFERENCES_PER_ACCOUNT } from './preferences.service';

/*
 * A list's saved filters belong to the member of staff, not to the browser: saved on one machine, there on the
 * next; nobody reads or writes another account's.
 */
let api: ApiHarness;
beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api.stop());

const MINE = '{ myPreferences { key value } }';
const SET = 'mutation ($key: String!, $value: JSON) { setMyPreference(key: $key, value: $value) }';
const GROUP = { 'X-Group-ID': '1' };
const overdue = [{ label: 'Overdue', value: { filter: { state: 'ISSUED', overdue: true }, sort: { field: 'dueDate', order: 'ASC' }, perPage: 25 } }];

it("keeps a list's saved filters for the account that saved them, and for no one else", async () => {
  const staff = await api.signIn('staff@demo.test');
  const saved = await api.graphql(SET, { key: 'Bill.savedQueries', value: overdue }, staff, GROUP);
  expect(saved.body.data.setMyPreference).toBe(true);
  // Another browser: a new sign-in of the same account finds them.
  const again = await api.signIn('staff@demo.test');
  expect((await api.graphql(MINE, {}, again, GROUP)).body.data.myPreferences).toEqual([{ key: 'Bill.savedQueries', value: overdue }]);
  // Someone else's account sees none of them, and writing the same key writes only their own.
  const readonly = await api.signIn('readonly@demo.test');
  expect((await api.graphql(MINE, {}, readonly, GROUP)).body.data.myPreferences).toEqual([]);
  await api.graphql(SET, { key: 'Bill.savedQueries', value: [] }, readonly, GROUP);
  expect((await api.graphql(MINE, {}, staff, GROUP)).body.data.myPreferences).toEqual([{ key: 'Bill.savedQueries', value: overdue }]);
  // Changed, then forgotten with a null value.
  const renamed = [{ ...overdue[0], label: 'Overdue statements' }];
  await api.graphql(SET, { key: 'Bill.savedQueries', value: renamed }, staff, GROUP);
  expect((await api.graphql(MINE, {}, staff, GROUP)).body.data.myPreferences).toEqual([{ key: 'Bill.savedQueries', value: renamed }]);
  await api.graphql(SET, { key: 'Bill.savedQueries', value: null }, staff, GROUP);
  expect((await api.graphql(MINE, {}, staff, GROUP)).body.data.myPreferences).toEqual([]);
});

it('refuses what is not a list’s saved filters, naming the field and the rule', async () => {
  const staff = await api.signIn('staff@demo.test');
  const fields = async (key: string, value: unknown) => (await api.graphql(SET, { key, value }, staff, GROUP)).body.errors?.[0]?.extensions?.fields;
  expect(await fields('sessionToken', 'x')).toEqual([{ field: 'key', rule: 'pattern', message: 'Only a list’s saved filters (“Resource.savedQueries”) are kept per account' }]);
  expect(await fields('Bill.savedQueries', [{ label: 'Huge', value: { filter: { q: 'x'.repeat(20_001) } } }])).toEqual([
    { field: 'value', rule: 'maxLength', message: 'At most 20,000 characters of saved filters per list' },
  ]);
  await api.db.knex('user_preferences').insert(
    Array.from({ length: PREFERENCES_PER_ACCOUNT }, (_, index) => ({ user_id: api.db.knex('users').where({ email: 'staff@demo.test' }).select('id'), key: `List${String.fromCharCode(65 + (index % 26))}${'x'.repeat(Math.floor(index / 26))}.savedQueries`, value: '[]' })),
  );
  expect(await fields('Tenant.savedQueries', [])).toEqual([{ field: 'key', rule: 'maxItems', message: `An account keeps the saved filters of at most ${PREFERENCES_PER_ACCOUNT} lists` }]);
  expect(await api.db.knex('user_preferences').where({ key: 'Tenant.savedQueries' }).first()).toBeUndefined();
});

it('is for staff: a tenant or an agent has no saved filters to keep', async () => {
  for (const email of ['tenant@demo.test', 'agent@demo.test']) {
    const answer = await api.graphql(SET, { key: 'Bill.savedQueries', value: overdue }, await api.signIn(email));
    expect(answer.body.errors?.[0]?.extensions?.code ?? answer.status).toMatch(/FORBIDDEN|403/);
  }
  expect(await api.db.knex('user_preferences as p').join('users as u', 'u.id', 'p.user_id').whereIn('u.email', ['tenant@demo.test', 'agent@demo.test']).first()).toBeUndefined();
});
