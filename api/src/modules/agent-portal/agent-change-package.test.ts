import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { addDays, addMonths } from '../../rules';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * An agent changes the package of a house contract that has not started: the packages priced for that house,
 * the change priced again (the contract's weekly price and its weekly quote), audited, the tenant told; never
 * for a started contract, a pay-for-use one, one whose tenant already has payments set up, another agency's
 * contract, or a view-only agency.
 */

let api: ApiHarness;
let agent: string;
let other: string;
let future: number;
let tenantUserId: number;
let foreign: number;

const OPTIONS = 'query ($id: Int!) { agentPackageOptions(houseContractId: $id) { currentPlanType refusal options { planType name weeklyPerTenantPence } } }';
const CHANGE = 'mutation ($id: Int!, $plan: String!) { agentChangePackage(houseContractId: $id, planType: $plan) { planType name weeklyPerTenantPence monthlyPerTenantPence } }';

/** A PLAN contract for the house starting on the first of a month after today and after its last contract. */
async function futureContract(houseId: number, groupId: number, today: string): Promise<number> {
  const last: { end: string | null } = await api.db.knex('house_contracts').where({ house_id: houseId }).first(api.db.knex.raw('max(end_date)::text AS end'));
  const after = [addMonths(today, 2), last.end ?? today].sort().at(-1)!;
  const start = `${addMonths(after, 1).slice(0, 8)}01`;
  const [{ id }] = await api.db
    .knex('house_contracts')
    .insert({ group_id: groupId, house_id: houseId, status: 'PENDING', billing_status: 'FUTURE', billing_type: 'PLAN', plan_type: 'GREENSAVER', sign_up_date: start, end_date: addDays(addMonths(start, 12), -1), number_of_tenants: 4, customers_sharing: 4, supply_type: 'DUAL', energy_use_type: 'MEDIUM', payment_frequency: 'MONTHLY', weekly_price_pence: 2_000 })
    .returning('id');
  for (const utility of ['electric', 'gas', 'water', 'broadband']) {
    await api.db.knex('services').insert({ group_id: groupId, house_contract_id: id, utility_type: utility, utility_status: 'NOT_ORDERED', start_date: start, ...(utility === 'broadband' ? { broadband_speed: '400' } : {}) });
  }
  return id;
}

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
  [agent, other] = await Promise.all([api.signIn('agent@demo.test'), api.signIn('fo-agent@demo.test')]);
  const today = await readSystemCurrentDate(api.db.knex);
  const hydePark: { id: number } = await api.db.knex('agencies').where({ name: 'Hyde Park Lettings' }).first('id');
  const house: { id: number; group_id: number } = await api.db.knex('houses').where({ agency_id: hydePark.id }).orderBy('id').first('id', 'group_id');
  future = await futureContract(house.id, house.group_id, today);
  const { sign_up_date: start } = await api.db.knex('house_contracts').where({ id: future }).first(api.db.knex.raw('sign_up_date::text'));
  const tenant: { user_id: number } = await api.db.knex('tenant_contracts').where({ group_id: house.group_id }).first('user_id');
  tenantUserId = tenant.user_id;
  await api.db.knex('tenant_contracts').insert({ group_id: house.group_id, house_contract_id: future, user_id: tenantUserId, status: 'PENDING', payment_method: 'DIRECT_DEBIT', start_date: start, end_date: addMonths(start, 12) });
  // A house of an agency outside Hyde Park's tree (not the agency, not its branch).
  const elsewhere: { id: number; group_id: number } = await api.db.knex('houses as h').join('agencies as a', 'a.id', 'h.agency_id').whereNot('a.name', 'like', 'Hyde Park%').orderBy('h.id').first('h.id', 'h.group_id');
  foreign = await futureContract(elsewhere.id, elsewhere.group_id, today);
});
afterAll(() => api.stop());

it('prices each package for the house and changes a future contract to another, once, audited, the tenant told', async () => {
  const offered = await api.graphql(OPTIONS, { id: future }, agent);
  expect(offered.body.errors).toBeUndefined();
  const { options, refusal, currentPlanType } = offered.body.data.agentPackageOptions;
  expect({ refusal, currentPlanType }).toEqual({ refusal: null, currentPlanType: 'GREENSAVER' });
  expect(options.map((o: { name: string }) => o.name)).toEqual(['Green Saver', 'Lite', 'Unlimited']);
  const lite = options.find((o: { planType: string }) => o.planType === 'LITE');
  expect(lite.weeklyPerTenantPence).toBeGreaterThan(0);

  const changed = await api.graphql(CHANGE, { id: future, plan: 'LITE' }, agent);
  expect(changed.body.data.agentChangePackage).toMatchObject({ planType: 'LITE', name: 'Lite', weeklyPerTenantPence: lite.weeklyPerTenantPence });
  expect(await api.db.knex('house_contracts').where({ id: future }).first('plan_type', 'weekly_price_pence')).toEqual({ plan_type: 'LITE', weekly_price_pence: lite.weeklyPerTenantPence });
  expect(await api.db.knex('weekly_quotes').where({ house_contract_id: future }).select('plan_type', 'weekly_per_tenant_pence')).toEqual([{ plan_type: 'LITE', weekly_per_tenant_pence: lite.weeklyPerTenantPence }]);
  expect(await api.db.knex('audit_log').where({ entity: 'house_contracts', entity_id: String(future), action: 'UPDATE' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  expect(await api.db.knex('notifications').where({ user_id: tenantUserId, type: 'PACKAGE_CHANGED' }).pluck('message')).toEqual([expect.stringMatching(/^Your house's package is now Lite: £\d+\.\d\d a week each/)]);
  const again = await api.graphql(CHANGE, { id: future, plan: 'LITE' }, agent);
  expect(again.body.errors[0].extensions.fields).toEqual([{ field: 'planType', rule: 'changed', message: 'This is already the contract’s package.' }]);
  const unknown = await api.graphql(CHANGE, { id: future, plan: 'PLATINUM' }, agent);
  expect(unknown.body.errors[0].extensions.fields).toEqual([{ field: 'planType', rule: 'oneOf', message: 'Choose one of the packages offered.' }]);
});

it("refuses another agency's contract, a started or pay-for-use contract, and one whose tenant has payments set up", async () => {
  expect((await api.graphql(CHANGE, { id: foreign, plan: 'LITE' }, agent)).body.errors[0].extensions.code).toBe('NOT_FOUND');
  expect((await api.graphql(OPTIONS, { id: foreign }, agent)).body.errors[0].extensions.code).toBe('NOT_FOUND');
  expect((await api.graphql(CHANGE, { id: future, plan: 'UNLIMITED' }, other)).body.errors[0].extensions.code).toBe('NOT_FOUND');

  const tenantContract: { id: number; group_id: number } = await api.db.knex('tenant_contracts').where({ house_contract_id: future }).first('id', 'group_id');
  await api.db.knex('payment_schedules').insert({ group_id: tenantContract.group_id, tenant_contract_id: tenantContract.id, kind: 'REGULAR_PAYMENT', schedule_type: 'MONTHLY', start_date: '2027-01-01', amount_pence: 5_000, payment_day: 1 });
  const charged = await api.graphql(CHANGE, { id: future, plan: 'UNLIMITED' }, agent);
  expect(charged.body.errors[0].extensions.fields[0].message).toBe('A tenant of this contract already has payments set up: call us to change its package.');
  expect((await api.graphql(OPTIONS, { id: future }, agent)).body.data.agentPackageOptions.refusal).toBe('A tenant of this contract already has payments set up: call us to change its package.');

  await api.db.knex('house_contracts').where({ id: future }).update({ billing_type: 'BILL', plan_type: null });
  expect((await api.graphql(OPTIONS, { id: future }, agent)).body.data.agentPackageOptions).toMatchObject({ refusal: 'This contract pays for what the house uses: it has no package to change.', options: [] });
  await api.db.knex('house_contracts').where({ id: future }).update({ billing_type: 'PLAN', plan_type: 'LITE', sign_up_date: '2020-09-01', end_date: '2021-08-31' });
  expect((await api.graphql(CHANGE, { id: future, plan: 'UNLIMITED' }, agent)).body.errors[0].extensions.fields[0].message).toBe('Only a contract that has not started yet can change its package.');
  expect(await api.db.knex('house_contracts').where({ id: future }).first('plan_type')).toEqual({ plan_type: 'LITE' });
});
