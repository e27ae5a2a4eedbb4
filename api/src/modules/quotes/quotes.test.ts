import { SAMPLES, type SampleContext } from '@app/fixtures';
import { addDays, addMonths, londonDate, resourceSpec } from '../../rules';
import { startApiHarness, type ApiHarness } from '../../testing';
import { GRAPHQL_TYPE } from '../records/records.graphql';

/*
 * The quote service over GraphQL, on the demo data (usage estimates seeded from Ofgem's values, margins and
 * quote prices from the schema) plus two tariffs of Yorkshire (_M) for a contract far enough ahead that no
 * demo tariff overlaps it, so the golden quote is worked out by hand to the penny.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
let counter = 0;
const today = londonDate(new Date());

type Result = { data?: Record<string, Record<string, unknown> | null> | null; errors?: Array<{ message: string; extensions: { code: string; fields?: Array<{ field: string; rule: string; message: string }> } }> };

async function call(query: string, variables: Record<string, unknown> = {}, token = staff): Promise<Result> {
  return (await api.graphql(query, variables, token, { 'X-Group-ID': '1' })).body as Result;
}

async function create(resource: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const spec = resourceSpec(resource);
  const input = { ...(await SAMPLES[resource]!.create!(context)), ...overrides };
  const names = Object.keys(input);
  const result = await call(
    `mutation(${names.map((name) => `$${name}: ${GRAPHQL_TYPE[spec.fields[name]!.kind]}`).join(', ')}) { result: create${resource}(${names.map((name) => `${name}: $${name}`).join(', ')}) { id } }`,
    input,
  );
  if (result.errors) throw new Error(`create${resource}: ${JSON.stringify(result.errors)}`);
  return String(result.data!.result!.id);
}

const context: SampleContext = { today, unique: () => ++counter, create };

const LINE = 'utilityType annualKwh estimatedKwh pricedOn allowanceKwh unitRate standingCharge days costPence marginBasisPoints marginPence vatBasisPoints vatPence totalPence tariffs { name days unitRate standingCharge }';
const QUOTE = /* GraphQL */ `
  query Quote($input: QuoteInput!) {
    quote(input: $input) {
      postcode region regionName days marginBasisPoints houseTotalPence houseWeeklyPence perTenantTotalPence
      weeklyPerTenantPence monthlyPerTenantPence instalmentsPerYear instalmentPerTenantPence
      lines { ${LINE} }
    }
  }
`;
const SAVE = /* GraphQL */ `
  mutation Save($input: QuoteInput!, $houseContractId: ID) {
    createWeeklyQuote(input: $input, houseContractId: $houseContractId) { id houseContractId postcode region startDate endDate houseTotalPence weeklyPerTenantPence monthlyPerTenantPence breakdown }
  }
`;

/** The golden house: 5 bedrooms in Leeds, dual fuel, medium use, broadband 400, TV licence and water, a year from 1 September 2040. */
const LEEDS = {
  postcode: 'LS6 1BN',
  bedrooms: 5,
  numberOfTenants: 5,
  customersSharing: 5,
  services: ['electric', 'gas', 'broadband', 'tv_licence', 'water'],
  broadbandSpeed: '400',
  planType: 'GREENSAVER',
  billingType: 'PLAN',
  energyUseType: 'MEDIUM',
  supplyType: 'DUAL',
  startDate: '2040-09-01',
  endDate: '2041-08-31',
  paymentFrequency: 'MONTHLY',
  marginType: 'STANDARD',
};

const quote = (input: Record<string, unknown>, token = staff) => call(QUOTE, { input }, token);

function refusal(result: Result): { code: string; fields: Array<{ field: string; message: string }> } {
  expect(result.errors).toBeDefined();
  const [error] = result.errors!;
  return { code: error!.extensions.code, fields: (error!.extensions.fields ?? []).map(({ field, message }) => ({ field, message })) };
}

beforeAll(async () => {
  api = await startApiHarness();
  [staff, readonly] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test')]);
  const tariff = { tariffType: 'DOMESTIC_FIXED', paymentMethod: 'ALL', rateType: 'SR', billingType: 'PLAN', region: '_M', validFrom: '2040-09-01', validTo: '2041-08-31' };
  await create('Tariff', { ...tariff, name: 'bfs_2040_09_m_electric_plan', utilityType: 'electric', unitRate: 24.867, nightUnitRate: null, standingCharge: 51.234 });
  await create('Tariff', { ...tariff, name: 'bfs_2040_09_m_gas_plan', utilityType: 'gas', unitRate: 6.123, nightUnitRate: null, standingCharge: 29.876 });
});
afterAll(() => api.stop());

describe('quote', () => {
  it('prices the golden 5-bedroom Leeds house to the penny', async () => {
    const result = await quote(LEEDS);
    expect(result.errors).toBeUndefined();
    const priced = result.data!.quote as Record<string, unknown> & { lines: Array<Record<string, unknown>> };
    expect(priced).toMatchObject({ postcode: 'LS6 1BN', region: '_M', regionName: 'Yorkshire', days: 365, marginBasisPoints: 1500 });
    // Usage estimates of the demo data (Ofgem's medium use × 1.3 for 5 bedrooms): electricity 3 510 kWh, gas 14 950 kWh.
    expect(priced.lines[0]).toMatchObject({ utilityType: 'electric', annualKwh: 3510, estimatedKwh: 3510, pricedOn: 'MEDIUM', allowanceKwh: 3510, unitRate: 24.867, standingCharge: 51.234, days: 365 });
    expect(priced.lines[0]!.tariffs).toEqual([{ name: 'bfs_2040_09_m_electric_plan', days: 365, unitRate: 24.867, standingCharge: 51.234 }]);
    expect(priced.lines[1]).toMatchObject({ utilityType: 'gas', annualKwh: 14950, unitRate: 6.123, standingCharge: 29.876 });
    expect(priced.lines.map((line) => [line.utilityType, line.costPence, line.marginBasisPoints, line.marginPence, line.vatBasisPoints, line.vatPence, line.totalPence])).toEqual([
      // 3 510 × 24.867 = 87 283.17 + 365 × 51.234 = 18 700.41 → 105 983.58 → 105 984; 15% = 15 897.6 → 15 898; 5% of 121 882 = 6 094.1 → 6 094
      ['electric', 105984, 1500, 15898, 500, 6094, 127976],
      // 14 950 × 6.123 = 91 538.85 + 365 × 29.876 = 10 904.74 → 102 443.59 → 102 444; 15% = 15 366.6 → 15 367; 5% of 117 811 = 5 890.55 → 5 891
      ['gas', 102444, 1500, 15367, 500, 5891, 123702],
      // £25.00 a month × 12 × 365/365 = 30 000; 15% = 4 500; 20% of 34 500 = 6 900
      ['broadband', 30000, 1500, 4500, 2000, 6900, 41400],
      // £174.50 a year × 365/365, no margin, no VAT
      ['tv_licence', 17450, 0, 0, 0, 0, 17450],
      // £120.00 a bedroom a year × 5 = 60 000; 15% = 9 000; no VAT
      ['water', 60000, 1500, 9000, 0, 0, 69000],
    ]);
    expect(priced).toMatchObject({
      houseTotalPence: 379528, // 127 976 + 123 702 + 41 400 + 17 450 + 69 000
      houseWeeklyPence: 7299, // 379 528 ÷ 52 = 7 298.6
      perTenantTotalPence: 75906, // 379 528 ÷ 5 = 75 905.6
      weeklyPerTenantPence: 1460, // 379 528 ÷ 52 ÷ 5 = 1 459.72
      monthlyPerTenantPence: 6327, // 1 460 × 52 / 12 = 6 326.67
      instalmentsPerYear: 12,
      instalmentPerTenantPence: 6327,
    });
  });

  it('prices a current contract on the demo tariffs, splitting it where the quarterly tariff changes', async () => {
    const start = addDays(today, 14);
    const result = await quote({ ...LEEDS, postcode: 'M14 6JR', startDate: start, endDate: addDays(addMonths(start, 12), -1), planType: 'UNLIMITED' });
    expect(result.errors).toBeUndefined();
    const priced = result.data!.quote as { region: string; lines: Array<{ pricedOn: string; annualKwh: number; tariffs: unknown[]; totalPence: number }>; weeklyPerTenantPence: number };
    expect(priced.region).toBe('_G');
    expect(priced.lines[0]).toMatchObject({ pricedOn: 'HIGH', annualKwh: 5330 });
    expect(priced.lines[0]!.tariffs.length).toBeGreaterThanOrEqual(4);
    expect(priced.weeklyPerTenantPence).toBeGreaterThan(0);
  });

  it('uses the quote prices staff edit', async () => {
    const rows = (await call(`{ allQuotePrices(filter: { q: "BROADBAND_400" }) { id code value } }`)).data!.allQuotePrices as unknown as Array<{ id: string; code: string; value: number }>;
    const broadband = rows.find((row) => row.code === 'BROADBAND_400')!;
    expect(broadband.value).toBe(2500);
    expect((await call(`mutation($id: ID!) { updateQuotePrice(id: $id, value: 2600) { value } }`, { id: broadband.id })).errors).toBeUndefined();
    const priced = (await quote(LEEDS)).data!.quote as { lines: Array<{ utilityType: string; costPence: number }> };
    expect(priced.lines.find((line) => line.utilityType === 'broadband')!.costPence).toBe(31200);
    await call(`mutation($id: ID!) { updateQuotePrice(id: $id, value: 2500) { value } }`, { id: broadband.id });
  });

  it('refuses when no tariff covers the contract: "Tariff not found"', async () => {
    const { code, fields } = refusal(await quote({ ...LEEDS, startDate: '2042-09-01', endDate: '2043-08-31' }));
    expect(code).toBe('BAD_USER_INPUT');
    expect(fields).toEqual([{ field: 'startDate', message: expect.stringMatching(/^Tariff not found: no electric PLAN tariff/) }]);
  });

  it('refuses when the usage estimate is missing: "Usage estimate needs to be added"', async () => {
    const estimates = (await call(`query($filter: JSON) { allUsageEstimates(filter: $filter) { id } }`, { filter: { supplyType: 'ELEC_ONLY', utilityType: 'electric', energyUseType: 'LOW', bedrooms: 2 } })).data!
      .allUsageEstimates as unknown as Array<{ id: string }>;
    expect(estimates).toHaveLength(1);
    expect((await call(`mutation($id: ID!) { deleteUsageEstimate(id: $id) { id } }`, { id: estimates[0]!.id })).errors).toBeUndefined();
    const { fields } = refusal(await quote({ ...LEEDS, bedrooms: 2, numberOfTenants: 2, customersSharing: 2, services: ['electric', 'water'], supplyType: 'ELEC_ONLY', energyUseType: 'LOW', planType: 'LITE' }));
    expect(fields).toEqual([{ field: 'energyUseType', message: 'Usage estimate needs to be added: ELEC_ONLY electric LOW, 2 bedrooms' }]);
  });

  it('refuses a supply type that does not match the energy chosen: "Invalid supply type"', async () => {
    expect(refusal(await quote({ ...LEEDS, supplyType: 'ELEC_ONLY' })).fields).toEqual([{ field: 'supplyType', message: 'Invalid supply type' }]);
    expect(refusal(await quote({ ...LEEDS, services: ['gas', 'water'], supplyType: 'DUAL' })).fields).toEqual([{ field: 'supplyType', message: 'Invalid supply type' }]);
  });

  it('refuses a postcode with no region, too few utilities and contract dates out of bounds', async () => {
    expect(refusal(await quote({ ...LEEDS, postcode: 'BT1 5GS' })).fields).toEqual([{ field: 'postcode', message: 'No electricity region is known for this postcode area (BT1 5GS)' }]);
    expect(refusal(await quote({ ...LEEDS, postcode: 'nowhere' })).fields).toEqual([{ field: 'postcode', message: 'Enter a valid UK postcode' }]);
    expect(refusal(await quote({ ...LEEDS, services: ['electric'], supplyType: 'ELEC_ONLY' })).fields).toEqual([{ field: 'services', message: 'Choose electricity or gas, plus at least one more utility' }]);
    expect(refusal(await quote({ ...LEEDS, endDate: '2041-03-31' })).fields).toEqual([{ field: 'endDate', message: 'Contract must last at least 9 months' }]);
    expect(refusal(await quote({ ...LEEDS, startDate: addDays(today, -1), endDate: addMonths(today, 11) })).fields).toEqual([{ field: 'startDate', message: 'Date cannot be in the past' }]);
  });
});

describe('weekly quotes', () => {
  it('lets the read-only role quote but not save', async () => {
    expect((await quote(LEEDS, readonly)).errors).toBeUndefined();
    const result = await call(SAVE, { input: LEEDS }, readonly);
    expect(result.errors![0]!.extensions.code).toBe('FORBIDDEN');
  });

  it('saves a weekly quote for a house contract once per period: "Weekly quote already exists"', async () => {
    const houseContractId = await create('HouseContract');
    const saved = await call(SAVE, { input: LEEDS, houseContractId });
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.createWeeklyQuote).toMatchObject({ houseContractId, postcode: 'LS6 1BN', region: '_M', startDate: '2040-09-01', endDate: '2041-08-31', houseTotalPence: 379528, weeklyPerTenantPence: 1460, monthlyPerTenantPence: 6327 });
    const id = saved.data!.createWeeklyQuote!.id as string;
    const listed = await call(`query($filter: JSON) { allWeeklyQuotes(filter: $filter) { id } }`, { filter: { houseContractId } });
    expect(listed.data!.allWeeklyQuotes).toEqual([{ id }]);

    const again = await call(SAVE, { input: LEEDS, houseContractId });
    expect(refusal(again)).toEqual({ code: 'CONFLICT', fields: [{ field: 'houseContractId', message: 'Weekly quote already exists' }] });
    expect(again.errors![0]!.message).toBe('Weekly quote already exists');
    // Another period of the same contract is a new weekly quote.
    expect((await call(SAVE, { input: { ...LEEDS, endDate: '2041-07-31' }, houseContractId })).errors).toBeUndefined();
  });

  it('refuses a house contract of another group', async () => {
    const result = await api.graphql(SAVE, { input: LEEDS, houseContractId: await create('HouseContract') }, staff, { 'X-Group-ID': '2' });
    expect(result.body.errors[0].extensions.fields).toEqual([{ field: 'houseContractId', rule: 'reference', message: expect.stringMatching(/^House contracts: no record/) }]);
  });
});
