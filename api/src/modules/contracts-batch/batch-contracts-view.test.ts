import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * houseContractsForBatch: what the batch update screen loads for the selected contracts (dates, services with
 * their tariff periods by name, tenant contracts by tenant name); at most 1000, the caller's group only, and a
 * selection with another group's contract is refused whole without saying whether it exists.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
let partner: string;
const LOAD = `query ($ids: [ID!]!) { houseContractsForBatch(ids: $ids) {
  id house status signUpDate endDate
  services { id utilityType utilityStatus startDate endDate tariffs { tariffId tariffName startDate endDate } }
  tenantContracts { id tenantName status startDate endDate }
} }`;
const load = (ids: unknown[], token = staff, group = '1') => api.graphql(LOAD, { ids }, token, { 'X-Group-ID': group });
const refusal = (res: { body: { errors?: Array<{ extensions: { code: string; fields?: Array<{ field: string; rule: string }> } }> } }) => {
  const error = res.body.errors?.[0];
  return [error?.extensions.code, ...(error?.extensions.fields ?? []).map((field) => `${field.field}:${field.rule}`)];
};

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  readonly = await api.signIn('readonly@demo.test');
  partner = await api.signIn('partner@demo.test');
});
afterAll(() => api.stop());

it('reads the selected contracts with their services, tariff periods and tenant contracts, in names', async () => {
  const k = api.db.knex;
  const contract = await k('house_contracts as hc').join('houses as h', 'h.id', 'hc.house_id').where('hc.group_id', 1).whereExists(k('tenant_contracts').whereRaw('house_contract_id = hc.id')).orderBy('hc.id').first('hc.id', 'h.street_name');
  const service = await k('services').where({ house_contract_id: contract.id }).first('id');
  const tariff = await k('tariffs').first('id', 'name');
  if (service) await k('tariff_assignments').insert({ service_id: service.id, tariff_id: tariff.id, start_date: '2026-01-01', end_date: '2026-06-30' });
  const res = await load([contract.id]);
  expect(res.body.errors).toBeUndefined();
  const [read] = res.body.data.houseContractsForBatch;
  expect(read.id).toBe(String(contract.id));
  expect(read.house).toContain(contract.street_name);
  expect(read.signUpDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(read.tenantContracts.length).toBeGreaterThan(0);
  expect(read.tenantContracts[0].tenantName).toMatch(/\w+ \w+/);
  if (service) expect(read.services.find((s: { id: string }) => s.id === String(service.id)).tariffs).toEqual([{ tariffId: String(tariff.id), tariffName: tariff.name, startDate: '2026-01-01', endDate: '2026-06-30' }]);
  expect((await load([contract.id], readonly)).body.errors).toBeUndefined();
});

it('refuses a selection that is empty, too large, not ids, or holds another group\'s contract, naming the field and rule', async () => {
  const own = (await api.db.knex('house_contracts').where({ group_id: 1 }).first('id')).id;
  const theirs = (await api.db.knex('house_contracts').where({ group_id: 2 }).first('id')).id;
  expect(refusal(await load([]))).toEqual(['BAD_USER_INPUT', 'ids:required']);
  expect(refusal(await load(Array.from({ length: 1001 }, (_, i) => i + 1)))).toEqual(['BAD_USER_INPUT', 'ids:batchLimit']);
  expect(refusal(await load(['abc']))).toEqual(['BAD_USER_INPUT', 'ids:integer']);
  const foreign = await load([own, theirs]);
  expect(refusal(foreign)).toEqual(['BAD_USER_INPUT', 'ids:exists']);
  expect(foreign.body.data).toBeNull();
  expect((await load([own], partner)).status).toBe(403);
});
