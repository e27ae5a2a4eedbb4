import { startApiHarness, type ApiHarness } from '../../testing';
import { PUBLIC_QUOTE_LIMIT, QUOTING_OFF_MESSAGE, academicYear } from './public-quote.service';

/*
 * The public quote as a visitor's browser calls it: no token, from an address of its own (X-Forwarded-For,
 * believed from loopback). The golden Leeds house of quotes.test.ts, a year from 1 September 2040 on two
 * Yorkshire tariffs of that year, so the Green Saver option is the staff quote's figures to the penny.
 */

let api: ApiHarness;
let staff: string;
let visitor = 0;

type Field = { field: string; rule: string; message: string };
type Result = { data?: { publicQuote: PublicQuote } | null; errors?: Array<{ message: string; extensions: { code: string; fields?: Field[] } }> };
type Line = { service: string; weeklyPerTenantPence: number; monthlyPerTenantPence: number; estimatedAnnualKwh: number | null; allowanceKwh: number | null };
type Option = { planType: string | null; weeklyPerTenantPence: number; monthlyPerTenantPence: number; instalmentPerTenantPence: number; houseTotalPence: number; lines: Line[] };
type PublicQuote = { postcode: string; regionName: string; bedrooms: number; numberOfTenants: number; startDate: string; endDate: string; days: number; options: Option[] };

const PUBLIC_QUOTE = /* GraphQL */ `
  query ($input: PublicQuoteInput!) {
    publicQuote(input: $input) {
      postcode regionName bedrooms numberOfTenants startDate endDate days
      options { planType weeklyPerTenantPence monthlyPerTenantPence instalmentPerTenantPence houseTotalPence
        lines { service weeklyPerTenantPence monthlyPerTenantPence estimatedAnnualKwh allowanceKwh } }
    }
  }
`;

const LEEDS = {
  postcode: 'ls6 1bn',
  numberOfTenants: 5,
  services: ['electric', 'gas', 'broadband', 'tv_licence', 'water'],
  broadbandSpeed: '400',
  startDate: '2040-09-01',
  endDate: '2041-08-31',
};

/** A quote asked anonymously; each call comes from a new address unless one is given. */
async function ask(input: Record<string, unknown>, address = `198.51.100.${++visitor}`): Promise<Result> {
  return (await api.graphql(PUBLIC_QUOTE, { input }, null, { 'X-Forwarded-For': address })).body as Result;
}

function fieldsOf(result: Result): Array<Omit<Field, 'rule'>> {
  expect(result.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  return result.errors![0]!.extensions.fields!.map(({ field, message }) => ({ field, message }));
}

async function setFeature(name: string, enabled: boolean): Promise<void> {
  await api.db.knex('feature_flags').where({ name }).update({ enabled });
}

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  const tariff = { tariff_type: 'DOMESTIC_FIXED', payment_method: 'ALL', rate_type: 'SR', billing_type: 'PLAN', region: '_M', valid_from: '2040-09-01', valid_to: '2041-08-31' };
  await api.db.knex('tariffs').insert([
    { ...tariff, name: 'public_2040_09_m_electric_plan', utility_type: 'electric', unit_rate: 24.867, standing_charge: 51.234 },
    { ...tariff, name: 'public_2040_09_m_gas_plan', utility_type: 'gas', unit_rate: 6.123, standing_charge: 29.876 },
  ]);
});
afterAll(() => api.stop());

describe('academicYear', () => {
  it('is the next September to August that starts at least two weeks ahead', () => {
    expect(academicYear('2026-11-24')).toEqual({ startDate: '2027-09-01', endDate: '2028-08-31' });
    expect(academicYear('2026-08-10')).toEqual({ startDate: '2026-09-01', endDate: '2027-08-31' });
    expect(academicYear('2026-08-20')).toEqual({ startDate: '2027-09-01', endDate: '2028-08-31' });
  });
});

describe('publicQuote', () => {
  it('prices Green Saver, Lite and Unlimited side by side for a visitor, each service as one tenant’s share', async () => {
    const result = await ask(LEEDS);
    expect(result.errors).toBeUndefined();
    const quote = result.data!.publicQuote;
    expect(quote).toMatchObject({ postcode: 'LS6 1BN', regionName: 'Yorkshire', bedrooms: 5, numberOfTenants: 5, days: 365 });
    expect(quote.options.map((option) => option.planType)).toEqual(['GREENSAVER', 'LITE', 'UNLIMITED']);
    const [greenSaver, lite, unlimited] = quote.options;
    // The golden figures of the staff quote (quotes.test.ts): £3,795.28 for the house, £14.60 a week each.
    expect(greenSaver).toMatchObject({ houseTotalPence: 379528, weeklyPerTenantPence: 1460, monthlyPerTenantPence: 6327, instalmentPerTenantPence: 6327 });
    expect(greenSaver!.lines).toEqual([
      // 127 976 ÷ 52 ÷ 5 = 492.2; 492 × 52 / 12 = 2 132
      { service: 'electric', weeklyPerTenantPence: 492, monthlyPerTenantPence: 2132, estimatedAnnualKwh: 3510, allowanceKwh: 3510 },
      { service: 'gas', weeklyPerTenantPence: 476, monthlyPerTenantPence: 2063, estimatedAnnualKwh: 14950, allowanceKwh: 14950 },
      { service: 'broadband', weeklyPerTenantPence: 159, monthlyPerTenantPence: 689, estimatedAnnualKwh: null, allowanceKwh: null },
      { service: 'tv_licence', weeklyPerTenantPence: 67, monthlyPerTenantPence: 290, estimatedAnnualKwh: null, allowanceKwh: null },
      { service: 'water', weeklyPerTenantPence: 265, monthlyPerTenantPence: 1148, estimatedAnnualKwh: null, allowanceKwh: null },
    ]);
    // Lite is priced on, and allows, a low-use house (Ofgem's low × 1.3 for 5 bedrooms), so it costs less.
    expect(lite!.lines.slice(0, 2).map((line) => [line.service, line.estimatedAnnualKwh, line.allowanceKwh])).toEqual([
      ['electric', 2340, 2340],
      ['gas', 9750, 9750],
    ]);
    expect(lite!.weeklyPerTenantPence).toBeLessThan(greenSaver!.weeklyPerTenantPence);
    expect(lite!.lines.slice(2)).toEqual(greenSaver!.lines.slice(2));
    // Unlimited is priced on a high-use house (Ofgem's high × 1.3) and has no allowance to watch.
    expect(unlimited!.lines[0]).toMatchObject({ service: 'electric', estimatedAnnualKwh: 5330, allowanceKwh: null });
    expect(unlimited!.weeklyPerTenantPence).toBeGreaterThan(greenSaver!.weeklyPerTenantPence);
  });

  it('leaves Unlimited out when the unlimitedFO feature is off', async () => {
    await setFeature('unlimitedFO', false);
    try {
      expect((await ask(LEEDS)).data!.publicQuote.options.map((option) => option.planType)).toEqual(['GREENSAVER', 'LITE']);
    } finally {
      await setFeature('unlimitedFO', true);
    }
  });

  it('agrees with the staff quote for the same house and plan', async () => {
    const staffQuote = await api.graphql(
      'query ($input: QuoteInput!) { quote(input: $input) { weeklyPerTenantPence monthlyPerTenantPence } }',
      { input: { ...LEEDS, bedrooms: 5, planType: 'LITE', billingType: 'PLAN', energyUseType: 'LOW', supplyType: 'DUAL', paymentFrequency: 'MONTHLY' } },
      staff,
      { 'X-Group-ID': '1' },
    );
    const lite = (await ask(LEEDS)).data!.publicQuote.options[1]!;
    expect(staffQuote.body.data.quote).toEqual({ weeklyPerTenantPence: lite.weeklyPerTenantPence, monthlyPerTenantPence: lite.monthlyPerTenantPence });
  });

  it('prices the next academic year when the visitor has not chosen dates yet, and a year from a start alone', async () => {
    const today = (await api.graphql('{ getSystemCurrentDate }')).body.data.getSystemCurrentDate as string;
    const year = academicYear(today);
    const answer = await ask({ ...LEEDS, startDate: null, endDate: null });
    expect(answer.errors).toBeUndefined();
    const priced = answer.data!.publicQuote;
    expect(priced).toMatchObject({ startDate: year.startDate, endDate: year.endDate });
    expect(priced.options).toHaveLength(3);
    expect((await ask({ ...LEEDS, endDate: null })).data!.publicQuote).toMatchObject({ startDate: '2040-09-01', endDate: '2041-08-31', days: 365 });
  });

  it('names each field a visitor got wrong, with the front office’s limit of 12 tenants', async () => {
    expect(fieldsOf(await ask({ ...LEEDS, numberOfTenants: 13 }))).toEqual([{ field: 'numberOfTenants', message: 'Number of tenants must be a whole number from 1 to 12' }]);
    expect(fieldsOf(await ask({ ...LEEDS, bedrooms: 3 }))).toEqual([{ field: 'bedrooms', message: 'Bedrooms must be at least the number of tenants' }]);
    expect(fieldsOf(await ask({ ...LEEDS, services: ['water', 'broadband'] }))).toEqual([{ field: 'services', message: expect.stringMatching(/electricity or gas/i) }]);
    expect(fieldsOf(await ask({ ...LEEDS, broadbandSpeed: null }))).toEqual([{ field: 'broadbandSpeed', message: 'Choose a broadband speed' }]);
    expect(fieldsOf(await ask({ ...LEEDS, postcode: '' }))).toEqual([{ field: 'postcode', message: 'Required' }]);
    expect(fieldsOf(await ask({ ...LEEDS, postcode: 'NOT A POSTCODE' }))).toEqual([{ field: 'postcode', message: expect.stringMatching(/postcode/i) }]);
    expect(fieldsOf(await ask({ ...LEEDS, endDate: '2040-08-01' })).map((error) => error.field)).toEqual(['endDate']);
  });

  it('says which dates cannot be priced yet rather than failing', async () => {
    const fields = fieldsOf(await ask({ ...LEEDS, startDate: '2045-09-01', endDate: '2046-08-31' }));
    expect(fields).toEqual([{ field: 'startDate', message: expect.stringContaining('Tariff not found') }]);
  });

  it('refuses an address past its limit with "too many attempts", while other visitors still get prices', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < PUBLIC_QUOTE_LIMIT.limit; i++) expect((await ask({ ...LEEDS, numberOfTenants: 13 }, address)).errors![0]!.extensions.code).toBe('BAD_USER_INPUT');
    const refused = await ask(LEEDS, address);
    expect(refused.errors![0]!.extensions.code).toBe('RATE_LIMITED');
    expect((await ask(LEEDS)).errors).toBeUndefined();
  });

  it('is closed, with a way to get a quote by phone, when online quoting is off', async () => {
    await setFeature('quotingFO', false);
    try {
      const refused = await ask(LEEDS);
      expect(refused.errors![0]).toMatchObject({ message: QUOTING_OFF_MESSAGE, extensions: { code: 'FORBIDDEN' } });
    } finally {
      await setFeature('quotingFO', true);
    }
  });
});
