import { SAMPLES, type SampleContext } from '@app/fixtures';
import { addDays, addMonths, CATALOGUE, CONTACT_MESSAGES, CONTRACT_DATE_MESSAGES, HOUSE_MESSAGES, londonDate, MISC_MESSAGES, resourceSpec } from '../../rules';
import { startApiHarness, type ApiHarness } from '../../testing';
import { GRAPHQL_TYPE } from './records.graphql';
import { MONEY_MESSAGES } from './rules/money';
import { BILLING_TYPE_CHANGE_MESSAGE, METER_RATE_TYPE_MESSAGE } from './rules/property';

/*
 * The rules that need the database, enforced on create and update through the API, each with a case that
 * fails (with the field and the specification's message) and one that passes; permissions, groups, audit.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
let counter = 0;
const today = londonDate(new Date());
const start = addDays(today, 14);
const yearEnd = addDays(addMonths(start, 12), -1);

type Result = { data?: Record<string, Record<string, unknown>>; errors?: Array<{ message: string; extensions: { code: string; fields?: Array<{ field: string; message: string }> } }> };

async function call(query: string, variables: Record<string, unknown> = {}, token = staff, group = '1'): Promise<Result> {
  return (await api.graphql(query, variables, token, group ? { 'X-Group-ID': group } : {})).body as Result;
}

function mutation(kind: 'create' | 'update', resource: string, input: Record<string, unknown>): string {
  const spec = resourceSpec(resource);
  const names = Object.keys(input).filter((name) => name !== 'id');
  const declarations = [...(kind === 'update' ? ['$id: ID!'] : []), ...names.map((name) => `$${name}: ${GRAPHQL_TYPE[spec.fields[name]!.kind]}`)];
  const args = [...(kind === 'update' ? ['id: $id'] : []), ...names.map((name) => `${name}: $${name}`)];
  return `mutation${declarations.length ? `(${declarations.join(', ')})` : ''} { result: ${kind}${resource}${args.length ? `(${args.join(', ')})` : ''} { id } }`;
}

async function write(kind: 'create' | 'update', resource: string, input: Record<string, unknown>, token = staff): Promise<Result> {
  return call(mutation(kind, resource, input), input, token);
}

async function create(resource: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const input = { ...(await SAMPLES[resource]!.create!(context)), ...overrides };
  const result = await write('create', resource, input);
  if (result.errors) throw new Error(`create${resource}: ${JSON.stringify(result.errors)}`);
  return String(result.data!.result!.id);
}

const context: SampleContext = { today, unique: () => ++counter, create };

/** The field errors of a refused write. */
function refusal(result: Result): Array<{ field: string; message: string }> {
  expect(result.errors).toBeDefined();
  return result.errors![0]!.extensions.fields ?? [];
}

async function expectRefused(kind: 'create' | 'update', resource: string, input: Record<string, unknown>, field: string, message: string | RegExp) {
  const fields = refusal(await write(kind, resource, input));
  expect(fields).toContainEqual({ field, rule: expect.any(String), message: typeof message === 'string' ? message : expect.stringMatching(message) });
}

async function expectAccepted(kind: 'create' | 'update', resource: string, input: Record<string, unknown>): Promise<string> {
  const result = await write(kind, resource, input);
  expect(result.errors).toBeUndefined();
  return String(result.data!.result!.id);
}

async function houseContractInput(overrides: Record<string, unknown> = {}) {
  return { ...(await SAMPLES.HouseContract!.create!(context)), ...overrides };
}

beforeAll(async () => {
  api = await startApiHarness();
  [staff, readonly] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test')]);
});
afterAll(() => api.stop());

describe('house contracts', () => {
  it('must not start in the past, must end after the start, and last 9 to 14 months (30 days when variable)', async () => {
    await expectRefused('create', 'HouseContract', await houseContractInput({ signUpDate: addDays(today, -1) }), 'signUpDate', CONTRACT_DATE_MESSAGES.inThePast);
    await expectRefused('create', 'HouseContract', await houseContractInput({ endDate: addDays(start, -1) }), 'endDate', CONTRACT_DATE_MESSAGES.endNotAfterStart);
    await expectRefused('create', 'HouseContract', await houseContractInput({ endDate: addMonths(start, 8) }), 'endDate', CONTRACT_DATE_MESSAGES.shorterThan9Months);
    await expectRefused('create', 'HouseContract', await houseContractInput({ endDate: addMonths(start, 15) }), 'endDate', CONTRACT_DATE_MESSAGES.longerThan14Months);
    await expectRefused('create', 'HouseContract', await houseContractInput({ term: 'VARIABLE', endDate: addDays(start, 20) }), 'endDate', CONTRACT_DATE_MESSAGES.shorterThan30Days);
    await expectAccepted('create', 'HouseContract', await houseContractInput({ term: 'VARIABLE', endDate: addDays(start, 30) }));
    await expectAccepted('create', 'HouseContract', await houseContractInput({ endDate: addMonths(start, 14) }));
  });

  it('must not overlap another contract of the same house', async () => {
    const houseId = await create('House');
    await expectAccepted('create', 'HouseContract', await houseContractInput({ houseId, signUpDate: start, endDate: yearEnd }));
    await expectRefused('create', 'HouseContract', await houseContractInput({ houseId, signUpDate: addMonths(start, 6), endDate: addMonths(start, 16) }), 'signUpDate', /^House contract dates overlap another house contract of this house/);
    await expectAccepted('create', 'HouseContract', await houseContractInput({ houseId, signUpDate: addDays(yearEnd, 1), endDate: addMonths(yearEnd, 12) }));
  });

  it('has 1 to 14 tenants and between 1 and the bedrooms sharing', async () => {
    const houseId = await create('House', { bedrooms: 4 });
    await expectRefused('create', 'HouseContract', await houseContractInput({ houseId, numberOfTenants: 15 }), 'numberOfTenants', 'Number of tenants must be a whole number from 1 to 14');
    await expectRefused('create', 'HouseContract', await houseContractInput({ houseId, customersSharing: 5 }), 'customersSharing', 'Customers sharing cannot be more than the number of bedrooms (4)');
    await expectAccepted('create', 'HouseContract', await houseContractInput({ houseId, numberOfTenants: 14, customersSharing: 4 }));
  });

  it('closes only when every service is cancelled or not ordered, and becomes active only with electricity or gas plus one more', async () => {
    const id = await create('HouseContract');
    await expectRefused('update', 'HouseContract', { id, status: 'ACTIVE' }, 'status', HOUSE_MESSAGES.utilities);
    const electricity = await create('Service', { houseContractId: id, utilityType: 'electric', broadbandSpeed: null, utilityStatus: 'ACTIVE' });
    await create('Service', { houseContractId: id, utilityType: 'broadband', broadbandSpeed: '600' });
    await expectAccepted('update', 'HouseContract', { id, status: 'ACTIVE' });
    await expectRefused('update', 'HouseContract', { id, status: 'CLOSED' }, 'status', HOUSE_MESSAGES.servicesStillOpen);
    await expectAccepted('update', 'Service', { id: electricity, utilityStatus: 'CANCELLED' });
    await expectAccepted('update', 'HouseContract', { id, status: 'CLOSED' });
  });

  it('refuses Electricity Only while gas is active or pending', async () => {
    const id = await create('HouseContract');
    const gas = await create('Service', { houseContractId: id, utilityType: 'gas', broadbandSpeed: null, utilityStatus: 'ACTIVE' });
    await expectRefused('update', 'HouseContract', { id, supplyType: 'ELEC_ONLY' }, 'supplyType', HOUSE_MESSAGES.elecOnlyGasActive);
    await expectAccepted('update', 'Service', { id: gas, utilityStatus: 'ORDERED_BY_THE_TENANT' });
    await expectRefused('update', 'HouseContract', { id, supplyType: 'ELEC_ONLY' }, 'supplyType', HOUSE_MESSAGES.elecOnlyGasPending);
    await expectAccepted('update', 'Service', { id: gas, utilityStatus: 'CANCELLED' });
    await expectAccepted('update', 'HouseContract', { id, supplyType: 'ELEC_ONLY' });
  });

  it('changes billing type to PLAN only after every sent bill is voided', async () => {
    const id = await create('HouseContract', { billingType: 'BILL', planType: null });
    const contract = await api.db.knex('house_contracts').where({ id }).first();
    const [bill] = await api.db
      .knex('bills')
      .insert({ group_id: 1, house_contract_id: id, kind: 'HOUSE_STATEMENT', state: 'ISSUED', status: 'COMPLETE', period_start: contract.sign_up_date, period_end: addMonths(contract.sign_up_date, 1), issue_date: today, due_date: addDays(today, 14), net_pence: 1000, vat_pence: 50, total_pence: 1050 })
      .returning('id');
    await expectRefused('update', 'HouseContract', { id, billingType: 'PLAN', planType: 'LITE' }, 'billingType', BILLING_TYPE_CHANGE_MESSAGE);
    await api.db.knex('bills').where({ id: bill.id }).update({ state: 'VOID', voided_at: new Date(), void_reason: 'Re-issued as a plan' });
    await expectAccepted('update', 'HouseContract', { id, billingType: 'PLAN', planType: 'LITE' });
  });
});

describe('tenant contracts', () => {
  it('lie within their house contract', async () => {
    const houseContractId = await create('HouseContract', { signUpDate: start, endDate: yearEnd });
    const input = { ...(await SAMPLES.TenantContract!.create!(context)), houseContractId };
    await expectRefused('create', 'TenantContract', { ...input, startDate: addDays(start, -1) }, 'startDate', /^Tenant contract dates must be within the house contract dates/);
    await expectRefused('create', 'TenantContract', { ...input, endDate: addDays(yearEnd, 1) }, 'startDate', /^Tenant contract dates must be within the house contract dates/);
    await expectAccepted('create', 'TenantContract', { ...input, startDate: start, endDate: yearEnd });
  });

  it('allow a tenant at most two active or future plan-billing house contracts', async () => {
    const tenantId = await create('Tenant');
    const contracts = [];
    for (let i = 0; i < 3; i += 1) contracts.push(await create('HouseContract'));
    const input = async (houseContractId: string) => ({ ...(await SAMPLES.TenantContract!.create!(context)), tenantId, houseContractId, startDate: start, endDate: yearEnd });
    await expectAccepted('create', 'TenantContract', await input(contracts[0]!));
    await expectAccepted('create', 'TenantContract', await input(contracts[1]!));
    await expectRefused('create', 'TenantContract', await input(contracts[2]!), 'houseContractId', HOUSE_MESSAGES.tooManyPlanContracts);
  });

  it('pay on day 1 to 29 or 31', async () => {
    const id = await create('TenantContract');
    await expectRefused('update', 'TenantContract', { id, paymentDay: 30 }, 'paymentDay', 'Payment day must be 1 to 29, or 31 for the last day of the month');
    await expectAccepted('update', 'TenantContract', { id, paymentDay: 31 });
  });
});

describe('field rules of the catalogue', () => {
  it('refuse a bad postcode, mobile, e-mail, name or value outside the set, naming each field', async () => {
    const input = await SAMPLES.Agency!.create!(context);
    const fields = refusal(await write('create', 'Agency', { ...input, postCode: 'LS6', phone: '07700900123', email: 'agency@', name: '', portalPermissions: 'ALL' }));
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'postCode', rule: 'rule', message: CONTACT_MESSAGES.postcode },
        { field: 'phone', rule: 'rule', message: CONTACT_MESSAGES.mobileParts },
        { field: 'email', rule: 'rule', message: 'Invalid e-mail address' },
        { field: 'name', rule: 'required', message: 'Required' },
        { field: 'portalPermissions', rule: 'oneOf', message: 'must be one of FULL, VIEW_ONLY, NO_ACCESS' },
      ]),
    );
    const id = await expectAccepted('create', 'Agency', { ...input, postCode: 'ls6 3aa', phone: '07700 900123' });
    expect(await api.db.knex('agencies').where({ id }).first('post_code', 'phone')).toEqual({ post_code: 'LS6 3AA', phone: '+447700900123' });
  });

  it('have no argument for system fields, nor for create-only fields on update', async () => {
    const id = await create('HouseContract');
    const moved = await call('mutation ($id: ID!) { updateHouseContract(id: $id, houseId: "1") { id } }', { id });
    expect(moved.errors![0]!.message).toMatch(/Unknown argument "houseId"/);
    const derived = await call('mutation { createMeterReading(meterId: "1", readingDate: "2026-01-01", value: 1, houseId: "1") { id } }');
    expect(derived.errors![0]!.message).toMatch(/Unknown argument "houseId"/);
  });

  it('check tariff names, their uniqueness, and a tariff assigned twice for one period', async () => {
    const tariff = await SAMPLES.Tariff!.create!(context);
    await expectRefused('create', 'Tariff', { ...tariff, name: 'Winter fixed 2026' }, 'name', MISC_MESSAGES.tariffName);
    await expectAccepted('create', 'Tariff', tariff);
    await expectRefused('create', 'Tariff', tariff, 'name', MISC_MESSAGES.tariffNameExists);
    const assignment = await SAMPLES.TariffAssignment!.create!(context);
    await expectAccepted('create', 'TariffAssignment', assignment);
    await expectRefused('create', 'TariffAssignment', { ...assignment, startDate: addDays(String(assignment.startDate), 5) }, 'tariffId', MISC_MESSAGES.tariffAssignedTwice);
  });

  it('keep meter rate types to the utility and readings out of the future', async () => {
    const meter = await SAMPLES.Meter!.create!(context);
    await expectRefused('create', 'Meter', { ...meter, rateType: 'METRIC' }, 'rateType', new RegExp(`^${METER_RATE_TYPE_MESSAGE}`));
    const meterId = await expectAccepted('create', 'Meter', { ...meter, rateType: 'DUAL' });
    await expectRefused('create', 'MeterReading', { meterId, readingDate: addDays(today, 1), value: 10 }, 'readingDate', CONTRACT_DATE_MESSAGES.inTheFuture);
    const readingId = await expectAccepted('create', 'MeterReading', { meterId, readingDate: today, register: 'DAY', value: 10 });
    const reading = await api.db.knex('meter_readings').where({ id: readingId }).first('house_id');
    expect(String(reading.house_id)).toBe(String(meter.houseId));
  });

  it('keep a comment tied to a freeze until the contract is unfrozen', async () => {
    const houseContractId = await create('HouseContract');
    await expectAccepted('update', 'HouseContract', { id: houseContractId, frozen: true });
    const id = await create('Comment', { houseContractId, tiedToFreeze: true, body: 'Frozen while the landlord disputes the meter' });
    const refused = await call('mutation ($id: ID!) { deleteComment(id: $id) { id } }', { id });
    expect(refusal(refused)).toContainEqual({ field: 'tiedToFreeze', rule: 'unfrozenFirst', message: MISC_MESSAGES.commentFrozen });
    await expectAccepted('update', 'HouseContract', { id: houseContractId, frozen: false });
    expect((await call('mutation ($id: ID!) { deleteComment(id: $id) { id } }', { id })).errors).toBeUndefined();
  });

  it('refuse a refund above its payment', async () => {
    const refund = await SAMPLES.Refund!.create!(context);
    await expectRefused('create', 'Refund', { ...refund, amountPence: 10_001 }, 'amountPence', MONEY_MESSAGES.refundTooHigh);
    await expectAccepted('create', 'Refund', { ...refund, amountPence: 10_000 });
  });
});

describe('access, groups and history', () => {
  it('lets a READ role list and read but refuses its writes', async () => {
    const id = await create('House');
    expect((await call('query ($id: ID!) { House(id: $id) { id } }', { id }, readonly)).errors).toBeUndefined();
    const refused = await write('update', 'House', { id, bedrooms: 6 }, readonly);
    expect(refused.errors![0]!.extensions.code).toBe('FORBIDDEN');
    expect((await api.db.knex('houses').where({ id }).first('bedrooms')).bedrooms).toBe(5);
  });

  it('shows and writes only the X-Group-ID group, and asks for the header', async () => {
    const id = await create('House');
    expect((await call('query ($id: ID!) { House(id: $id) { id } }', { id }, staff, '2')).errors![0]!.extensions.code).toBe('NOT_FOUND');
    const missing = await call('{ allHouses { id } }', {}, staff, '');
    expect(refusal(missing)).toEqual([{ field: 'X-Group-ID', rule: 'required', message: expect.stringContaining('X-Group-ID') }]);
    const house = await SAMPLES.House!.create!(context);
    // An agency of group 1 cannot be given to a house of group 2.
    const crossGroup = await call(mutation('create', 'House', house), house, staff, '2');
    expect(refusal(crossGroup)).toContainEqual({ field: 'agencyId', rule: 'reference', message: expect.stringContaining('no record') });
  });

  it('never deletes financial or contract records, and refuses pages beyond a large list’s limit', async () => {
    const deletable = CATALOGUE.filter((spec) => spec.delete === 'hard').map((spec) => spec.name);
    expect(deletable).not.toEqual(expect.arrayContaining(['Bill', 'LedgerEntry', 'Payment', 'HouseContract', 'TenantContract', 'Refund']));
    expect((await call('mutation { deleteHouseContract(id: "1") { id } }')).errors![0]!.message).toMatch(/Cannot query field "deleteHouseContract"/);
    const beyond = await call('{ allMeterReadings(page: 400, perPage: 25) { id } }');
    expect(refusal(beyond)).toEqual([{ field: 'page', rule: 'countLimit', message: 'Lists show at most 10000 records: narrow the filters' }]);
  });

  it('records who changed what, before and after', async () => {
    const id = await create('House');
    await expectAccepted('update', 'House', { id, bedrooms: 6 });
    const entry = await api.db.knex('audit_log').where({ entity: 'houses', entity_id: id, action: 'UPDATE' }).first();
    const staffId = (await api.db.knex('users').where({ email: 'staff@demo.test' }).first('id')).id;
    expect(entry).toMatchObject({ actor_user_id: staffId, before: expect.objectContaining({ bedrooms: 5 }), after: expect.objectContaining({ bedrooms: 6 }) });
  });
});
