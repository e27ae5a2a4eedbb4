import { startApiHarness, type ApiHarness } from '../testing';

let api: ApiHarness;
beforeAll(async () => (api = await startApiHarness({}, { demoData: false })));
afterAll(() => api.stop());

const graphql = (query: string, headers: Record<string, string> = {}) => api.graphql(query, {}, null, headers);

it('answers queries with the switched-on feature flags and the London date', async () => {
  await api.db.knex('feature_flags').where({ name: 'quotingFO' }).update({ enabled: true });
  const res = await graphql('{ getEnabledFeatures getSystemCurrentDate }', { 'X-Group-ID': '1', Authorization: 'Bearer abc' }).expect(200);
  expect(res.body.data.getEnabledFeatures).toEqual(['quotingFO']);
  expect(res.body.data.getSystemCurrentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

it('answers the override date only while date overriding is switched on', async () => {
  await api.db.knex('system_settings').insert({ key: 'currentDateOverride', value: JSON.stringify('2027-03-31') }).onConflict('key').merge();
  const today = await graphql('{ getSystemCurrentDate }').expect(200);
  expect(today.body.data.getSystemCurrentDate).not.toBe('2027-03-31');
  await api.db.knex('system_settings').where({ key: 'enableDateOverriding' }).update({ value: JSON.stringify(true) });
  const overridden = await graphql('{ getSystemCurrentDate }').expect(200);
  expect(overridden.body.data.getSystemCurrentDate).toBe('2027-03-31');
});

it('refuses an X-Group-ID that is not a positive whole number with a stable code', async () => {
  const res = await graphql('{ getSystemCurrentDate }', { 'X-Group-ID': 'abc' }).expect(400);
  expect(res.body.errors[0]).toMatchObject({ message: 'X-Group-ID must be a positive whole number', extensions: { code: 'BAD_USER_INPUT' } });
});

it('reports an unknown field as a validation error, with no stack trace', async () => {
  const res = await graphql('{ noSuchField }').expect(400);
  expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  expect(JSON.stringify(res.body)).not.toContain('stacktrace');
});
