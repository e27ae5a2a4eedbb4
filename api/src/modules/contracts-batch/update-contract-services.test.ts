import request from 'supertest';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * POST /api/v2/contract/update-contract-services: order, upgrade and cancel services of a house contract
 * through the service status machine, each status change needing the utility's named permission; and the
 * same keys (plus CHANGE_TO_BILL / CHANGE_TO_PLAN) enforced on the generic record updates.
 */

let api: ApiHarness;
let staff: string;
let noKeys: string;
let readonly: string;
let contractId: number;
let otherGroupContractId: number | undefined;

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  readonly = await api.signIn('readonly@demo.test');
  // Staff with WRITE everywhere but none of the named permissions.
  const admin = await api.db.knex('users').where({ email: 'staff@demo.test' }).first();
  const role = await api.db.knex('backoffice_roles').where({ id: admin.backoffice_role_id }).first();
  const [keyless] = await api.db.knex('backoffice_roles').insert({ name: 'Writer without keys', account_type: role.account_type, permissions: JSON.stringify(role.permissions), permission_keys: [] }).returning('id');
  const { id: _id, email: _email, ...rest } = admin;
  await api.db.knex('users').insert({ ...rest, email: 'nokeys@demo.test', backoffice_role_id: keyless.id });
  noKeys = await api.signIn('nokeys@demo.test');
  // A contract with no broadband or water yet (the demo tenants' own contract has a full set since the tenant area).
  contractId = (
    await api.db
      .knex('house_contracts')
      .where({ group_id: 1 })
      .whereNotExists((q) => q.select(1).from('services').whereRaw('services.house_contract_id = house_contracts.id').whereIn('utility_type', ['broadband', 'water']))
      .orderBy('id')
      .first('id')
  ).id;
  otherGroupContractId = (await api.db.knex('house_contracts').whereNot({ group_id: 1 }).first('id'))?.id;
  await api.db.knex('services').where({ house_contract_id: contractId }).whereIn('utility_type', ['broadband', 'water', 'gas']).update({ utility_status: 'CANCELLED', change_status: null });
});
afterAll(() => api.stop());

const post = (body: unknown, token: string | null = staff, group = '1') => {
  const req = request(api.app.express).post('/api/v2/contract/update-contract-services').set('X-Group-ID', group);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req.send(body as object);
};
const servicesOf = () => api.db.knex('services').where({ house_contract_id: contractId }).orderBy('id').select('id', 'utility_type', 'utility_status', 'change_status', 'broadband_speed');

it('orders, actions, activates, upgrades and cancels services through the status machine, audited', async () => {
  const ordered = await post({ houseContractId: contractId, services: [{ action: 'ORDER', utilityType: 'broadband' }, { action: 'ORDER', utilityType: 'water' }] });
  expect(ordered.status).toBe(200);
  const broadband = ordered.body.services.find((service: { utilityType: string }) => service.utilityType === 'broadband');
  expect(broadband).toMatchObject({ utilityStatus: 'ORDERED_BY_THE_TENANT', changeStatus: 'NEW_UTILITY_REQUESTED' });
  for (const status of ['ACTIONED_BY_PROVIDER', 'ACTIVE']) {
    expect((await post({ houseContractId: contractId, services: [{ serviceId: broadband.id, status }] })).status).toBe(200);
  }
  await api.db.knex('services').where({ id: broadband.id }).update({ broadband_speed: '400' });
  const upgraded = await post({ houseContractId: contractId, services: [{ action: 'UPGRADE', serviceId: broadband.id, broadbandSpeed: '800' }] });
  expect(upgraded.body.services.find((service: { id: number }) => service.id === broadband.id)).toMatchObject({ utilityStatus: 'ACTIVE', changeStatus: 'UPGRADE_REQUESTED', broadbandSpeed: '800' });
  const cancelled = await post({ houseContractId: contractId, services: [{ action: 'CANCEL', serviceId: broadband.id }] });
  expect(cancelled.body.services.find((service: { id: number }) => service.id === broadband.id)).toMatchObject({ utilityStatus: 'TO_CANCEL', changeStatus: 'CANCELATION_REQUESTED' });
  const audited = await api.db.knex('audit_log').where({ entity: 'services', entity_id: String(broadband.id) }).count({ n: '*' });
  // Ordered (a new service: the old one was cancelled), actioned, active, upgraded, cancelled.
  expect(audited).toEqual([{ n: 5 }]);
});

it('refuses a move the machine does not allow, a slower upgrade and bad input, writing nothing', async () => {
  const before = await servicesOf();
  const water = before.find((service) => service.utility_type === 'water')!;
  const fields = async (body: unknown) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    return res.body.error.fields;
  };
  expect(await fields({ houseContractId: contractId, services: [{ action: 'ORDER', utilityType: 'gas' }, { serviceId: water.id, status: 'ACTIVE' }] })).toEqual([
    { field: 'services[1].status', rule: 'transition', message: 'A water service ORDERED_BY_THE_TENANT cannot become ACTIVE: it can become ACTIONED_BY_PROVIDER, OBJECTED, UNCLEAR_INFO, NOT_ORDERED, CANCELLED' },
  ]);
  const broadband = before.find((service) => service.utility_type === 'broadband')!;
  expect(await fields({ houseContractId: contractId, services: [{ action: 'UPGRADE', serviceId: broadband.id, broadbandSpeed: '600' }] })).toEqual([
    { field: 'services[0].broadbandSpeed', rule: 'upgrade', message: 'An upgrade must be faster than 800 Mbps' },
  ]);
  expect(await fields({ houseContractId: contractId, services: [{ action: 'FLY', utilityType: 'gas' }] })).toEqual([{ field: 'services[0].action', rule: 'oneOf', message: 'Action must be one of ORDER, UPGRADE, CANCEL, SET_STATUS' }]);
  expect(await fields({ houseContractId: contractId, services: [{ action: 'ORDER', utilityType: 'steam' }] })).toEqual([expect.objectContaining({ field: 'services[0].utilityType', rule: 'oneOf' })]);
  expect(await fields({ houseContractId: contractId, services: [] })).toEqual([{ field: 'services', rule: 'count', message: 'Send 1 to 20 service changes' }]);
  expect(await fields({ houseContractId: 'x', services: [{ action: 'ORDER', utilityType: 'gas' }] })).toEqual([{ field: 'houseContractId', rule: 'required', message: 'Choose a house contract' }]);
  expect(await servicesOf()).toEqual(before);
});

it("refuses another group's contract and services of another contract", async () => {
  if (otherGroupContractId) expect((await post({ houseContractId: otherGroupContractId, services: [{ action: 'ORDER', utilityType: 'gas' }] })).status).toBe(404);
  const foreign = await api.db.knex('services').whereNot({ house_contract_id: contractId }).first('id');
  const res = await post({ houseContractId: contractId, services: [{ serviceId: foreign.id, status: 'CANCELLED' }] });
  expect(res.body.error.fields).toEqual([{ field: 'services[0].serviceId', rule: 'exists', message: `This contract has no service ${foreign.id}` }]);
  expect((await post({ houseContractId: contractId, services: [{ action: 'ORDER', utilityType: 'gas' }] }, staff, '2')).status).toBe(404);
});

it('needs the per-service permission key for status changes, here and on the generic update; and CHANGE_TO_BILL / CHANGE_TO_PLAN for the billing type', async () => {
  const res = await post({ houseContractId: contractId, services: [{ action: 'ORDER', utilityType: 'gas' }] }, noKeys);
  expect(res.body.error.fields).toEqual([{ field: 'services[0].status', rule: 'permission', message: 'Changing the status of a gas service needs the CHANGE_GAS_STATUS permission' }]);
  expect((await post({ houseContractId: contractId, services: [{ action: 'ORDER', utilityType: 'gas' }] }, readonly)).status).toBe(403);
  expect((await post({ houseContractId: contractId, services: [{ action: 'ORDER', utilityType: 'gas' }] }, null)).status).toBe(401);

  const water = (await servicesOf()).find((service) => service.utility_type === 'water')!;
  const generic = await api.graphql('mutation ($id: ID!) { updateService(id: $id, utilityStatus: "ACTIONED_BY_PROVIDER") { id utilityStatus } }', { id: water.id }, noKeys, { 'X-Group-ID': '1' });
  expect(generic.body.errors[0].extensions.fields).toEqual([{ field: 'utilityStatus', rule: 'permission', message: 'Changing the status of a water service needs the CHANGE_WATER_STATUS permission' }]);
  const allowed = await api.graphql('mutation ($id: ID!) { updateService(id: $id, utilityStatus: "ACTIONED_BY_PROVIDER") { id utilityStatus } }', { id: water.id }, staff, { 'X-Group-ID': '1' });
  expect(allowed.body.data.updateService.utilityStatus).toBe('ACTIONED_BY_PROVIDER');

  const contract = await api.db.knex('house_contracts').where({ id: contractId }).first('billing_type');
  const other = contract.billing_type === 'BILL' ? 'PLAN' : 'BILL';
  const billing = await api.graphql(`mutation ($id: ID!) { updateHouseContract(id: $id, billingType: "${other}") { id billingType } }`, { id: contractId }, noKeys, { 'X-Group-ID': '1' });
  expect(billing.body.errors[0].extensions.fields).toContainEqual({ field: 'billingType', rule: 'permission', message: `Changing a contract to ${other} needs the CHANGE_TO_${other} permission` });
});
