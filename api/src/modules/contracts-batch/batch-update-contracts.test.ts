import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * batchUpdateHouseContracts: staff change selected house contracts together with their services, tariffs and
 * tenant contracts; each contract is checked by the §5 batch rules and applied alone, with a result each.
 */

let api: ApiHarness;
let staff: string;
let contract: { id: number; sign_up_date: string; end_date: string };
let serviceIds: number[];
let tenantIds: number[];
let tariffId: number;
const BATCH = 'mutation ($items: JSON!) { batchUpdateHouseContracts(items: $items) { houseContractId ok errors { field rule message } } }';
const group1 = { 'X-Group-ID': '1' };
const batch = async (items: unknown, token = staff, headers: Record<string, string> = group1) => api.graphql(BATCH, { items }, token, headers);

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  const k = api.db.knex;
  // A group-1 contract with services and tenants, its parts set to cover it end to end (no tariffs yet).
  const row = await k('house_contracts as hc')
    .where('hc.group_id', 1)
    .whereExists(k('tenant_contracts').whereRaw(`house_contract_id = hc.id AND status <> 'CANCELLED'`))
    .whereExists(k('services').whereRaw(`house_contract_id = hc.id AND utility_status NOT IN ('CANCELLED', 'NOT_ORDERED')`))
    .orderBy('hc.id')
    .first('hc.id', k.raw(`to_char(hc.sign_up_date, 'YYYY-MM-DD') as sign_up_date`), k.raw(`to_char(hc.end_date, 'YYYY-MM-DD') as end_date`));
  contract = row;
  expect(contract).toBeDefined();
  serviceIds = await k('services').where({ house_contract_id: contract.id }).whereNotIn('utility_status', ['CANCELLED', 'NOT_ORDERED']).orderBy('id').pluck('id');
  await k('tariff_assignments').whereIn('service_id', k('services').where({ house_contract_id: contract.id }).select('id')).delete();
  await k('services').whereIn('id', serviceIds).update({ start_date: contract.sign_up_date, end_date: contract.end_date });
  tenantIds = await k('tenant_contracts').where({ house_contract_id: contract.id }).whereNot({ status: 'CANCELLED' }).orderBy('id').pluck('id');
  await k('tenant_contracts').whereIn('id', tenantIds).update({ start_date: contract.sign_up_date, end_date: contract.end_date });
  tariffId = (await k('tariffs').first('id')).id;
});
afterAll(() => api.stop());

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const snapshot = () =>
  Promise.all([
    api.db.knex('house_contracts').where({ id: contract.id }).first('sign_up_date', 'end_date', 'group_id'),
    api.db.knex('services').whereIn('id', serviceIds).orderBy('id').select('start_date', 'end_date'),
    api.db.knex('tenant_contracts').whereIn('id', tenantIds).orderBy('id').select('start_date', 'end_date'),
    api.db.knex('tariff_assignments').whereIn('service_id', serviceIds).orderBy('id').select('service_id', 'tariff_id', 'start_date', 'end_date'),
  ]);

it('ends a contract a day earlier together with its services, tariffs and tenant contracts, audited', async () => {
  const end = dayBefore(contract.end_date);
  const middle = new Date((Date.parse(contract.sign_up_date) + Date.parse(end)) / 2).toISOString().slice(0, 10);
  const res = await batch([
    {
      houseContractId: contract.id,
      endDate: end,
      services: serviceIds.map((id, index) => ({
        id,
        endDate: end,
        ...(index === 0 ? { tariffs: [{ tariffId, startDate: contract.sign_up_date, endDate: middle }, { tariffId, startDate: new Date(Date.parse(middle) + 86_400_000).toISOString().slice(0, 10), endDate: end }] } : {}),
      })),
      tenantContracts: tenantIds.map((id) => ({ id, endDate: end })),
    },
  ]);
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.batchUpdateHouseContracts).toEqual([{ houseContractId: String(contract.id), ok: true, errors: [] }]);
  const [hc, services, tenants, tariffs] = await snapshot();
  const iso = (value: unknown) => String(value).slice(0, 10);
  expect(iso(hc.end_date)).toBe(end);
  expect(services.every((s: { end_date: string }) => iso(s.end_date) === end)).toBe(true);
  expect(tenants.every((t: { end_date: string }) => iso(t.end_date) === end)).toBe(true);
  expect(tariffs).toHaveLength(2);
  expect(await api.db.knex('audit_log').where({ entity: 'house_contracts', entity_id: String(contract.id), action: 'UPDATE' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  contract.end_date = end;
});

it.each([
  ['a service gap', () => ({ services: [{ id: serviceIds[0], startDate: dayBefore(dayBefore(contract.end_date)) }] }), { field: 'services', rule: 'coverStart' }],
  ['a tenant gap at the end', () => ({ tenantContracts: tenantIds.map((id) => ({ id, endDate: dayBefore(contract.end_date) })) }), { field: 'tenantContracts', rule: 'coverEnd' }],
  ['overlapping tariffs', () => ({ services: [{ id: serviceIds[0], tariffs: [{ tariffId, startDate: contract.sign_up_date, endDate: contract.end_date }, { tariffId, startDate: contract.sign_up_date, endDate: contract.end_date }] }] }), { field: 'services[0].tariffs', rule: 'noOverlap' }],
  ['an end before the start', () => ({ endDate: contract.sign_up_date }), { field: 'endDate', rule: 'endAfterStart' }],
  ['a contract end the services no longer reach', () => ({ endDate: dayBefore(contract.end_date) }), { field: 'services', rule: 'coverEnd' }],
])('refuses %s with the rule, changing nothing of that contract', async (_name, change, expected) => {
  const before = await snapshot();
  const res = await batch([{ houseContractId: contract.id, ...change() }]);
  const [result] = res.body.data.batchUpdateHouseContracts;
  expect(result.ok).toBe(false);
  expect(result.errors).toContainEqual(expect.objectContaining(expected));
  expect(await snapshot()).toEqual(before);
});

it('refuses a group change while a tenant is active', async () => {
  await api.db.knex('tenant_contracts').where({ id: tenantIds[0] }).update({ status: 'ACTIVE' });
  const res = await batch([{ houseContractId: contract.id, groupId: 2 }]);
  expect(res.body.data.batchUpdateHouseContracts[0].errors).toEqual([{ field: 'groupId', rule: 'activeTenant', message: 'The group cannot change while a tenant is active' }]);
});

it("answers each contract on its own: another group's contract and a bad id are refused, the good one applied", async () => {
  const foreign = await api.db.knex('house_contracts').whereNot({ group_id: 1 }).first('id');
  const res = await batch([{ houseContractId: foreign?.id ?? 999999 }, { houseContractId: 'abc' }, { houseContractId: contract.id }]);
  expect(res.body.data.batchUpdateHouseContracts).toEqual([
    { houseContractId: String(foreign?.id ?? 999999), ok: false, errors: [{ field: 'houseContractId', rule: 'exists', message: `House contracts: no record ${foreign?.id ?? 999999}` }] },
    { houseContractId: 'abc', ok: false, errors: [{ field: 'houseContractId', rule: 'required', message: 'Choose a house contract' }] },
    { houseContractId: String(contract.id), ok: true, errors: [] },
  ]);
});

it('refuses more than 1000 contracts, none, no group, and callers without properties WRITE', async () => {
  const first = async (res: { body: { errors: Array<{ extensions: { code: string; fields?: unknown } }> } }) => res.body.errors[0]!.extensions;
  expect((await first(await batch(Array.from({ length: 1001 }, (_, i) => ({ houseContractId: i + 1 }))))).fields).toEqual([{ field: 'items', rule: 'batchLimit', message: 'Batch limit exceeded: at most 1000 items at once' }]);
  expect((await first(await batch([]))).fields).toEqual([{ field: 'items', rule: 'required', message: 'Select at least one house contract' }]);
  expect((await first(await batch([{ houseContractId: contract.id }], staff, {}))).fields).toEqual([expect.objectContaining({ field: 'X-Group-ID' })]);
  const readonly = await api.signIn('readonly@demo.test');
  expect((await first(await batch([{ houseContractId: contract.id }], readonly))).code).toBe('FORBIDDEN');
});
