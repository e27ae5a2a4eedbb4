import { addDays } from '../validation/calendar';
import { calculateQuote, QuoteDataError, supplyTypeMatchesServices, tariffPeriods, type QuoteData, type QuotePrice, type QuoteRequest, type QuoteTariff } from './calculate';
import { divideRoundHalfUp, toTenThousandths } from './money';
import { weeklyToMonthly } from '../billing/instalments';
import { ELECTRICITY_REGION_NAMES, POSTCODE_AREA_REGIONS, postcodeArea, regionOfPostcode } from './regions';
import { checkQuoteInput } from './validate';

const price = (code: string, unit: string, value: number | null, vatBasisPoints: number, marginApplies: boolean, energyUseType: string | null = null): QuotePrice => ({
  code,
  label: code,
  unit,
  value,
  vatBasisPoints,
  marginApplies,
  energyUseType,
});

const PRICES: QuotePrice[] = [
  price('ELECTRIC', 'TARIFF', null, 500, true),
  price('GAS', 'TARIFF', null, 500, true),
  price('ELECTRIC_NIGHT_SHARE', 'BASIS_POINTS', 4200, 0, false),
  price('BROADBAND_400', 'PENCE_PER_MONTH', 2500, 2000, true),
  price('TV_LICENCE', 'PENCE_PER_YEAR', 17450, 0, false),
  price('WATER_METERED', 'PENCE_PER_BEDROOM_PER_YEAR', 12000, 0, true),
  price('PLAN_GREENSAVER', 'ALLOWANCE', null, 0, false, 'MEDIUM'),
  price('PLAN_LITE', 'ALLOWANCE', null, 0, false, 'LOW'),
  price('PLAN_UNLIMITED', 'ALLOWANCE', null, 0, false, 'HIGH'),
];

const tariff = (overrides: Partial<QuoteTariff>): QuoteTariff => ({
  id: 1,
  name: 't',
  validFrom: '2040-09-01',
  validTo: '2041-08-31',
  rateType: 'SR',
  unitRate: '24.8670',
  nightUnitRate: null,
  standingCharge: '51.2340',
  ...overrides,
});

const ESTIMATES: Record<string, number> = { 'electric LOW': 2430, 'electric MEDIUM': 3510, 'electric HIGH': 5330, 'gas LOW': 9750, 'gas MEDIUM': 14950, 'gas HIGH': 22100 };

const data = (overrides: Partial<QuoteData> = {}): QuoteData => ({
  tariffs: {
    electric: [tariff({ id: 1 })],
    gas: [tariff({ id: 2, unitRate: '6.1230', standingCharge: '29.8760' })],
  },
  usage: (utility, energyUse) => ESTIMATES[`${utility} ${energyUse}`] ?? null,
  marginBasisPoints: 1500,
  prices: PRICES,
  ...overrides,
});

const request: QuoteRequest = {
  bedrooms: 5,
  numberOfTenants: 5,
  services: ['electric', 'gas', 'broadband', 'tv_licence', 'water'],
  broadbandSpeed: '400',
  planType: 'GREENSAVER',
  billingType: 'PLAN',
  energyUseType: 'MEDIUM',
  supplyType: 'DUAL',
  waterBillingType: 'METERED',
  startDate: '2040-09-01',
  endDate: '2041-08-31',
  paymentFrequency: 'MONTHLY',
};

describe('postcode regions', () => {
  it('maps every Great Britain postcode area to one of the 14 regions', () => {
    expect(Object.keys(POSTCODE_AREA_REGIONS)).toHaveLength(120); // the 124 UK areas less BT, GY, JE and IM
    expect(new Set(Object.values(POSTCODE_AREA_REGIONS)).size).toBe(14);
    expect(Object.keys(ELECTRICITY_REGION_NAMES)).toHaveLength(14);
  });

  it.each([
    ['LS6 1BN', '_M'],
    ['S10 2TN', '_M'],
    ['M14 6JR', '_G'],
    ['B29 6BQ', '_E'],
    ['NG7 2BY', '_B'],
    ['L7 3EA', '_D'],
    ['EC1A 1BB', '_C'],
    ['SW1A 2AA', '_C'],
    ['WC2N 5DU', '_C'],
    ['BS8 1TH', '_L'],
    ['CF10 3AT', '_K'],
    ['EH8 9YL', '_N'],
    ['AB24 3FX', '_P'],
    ['NE1 7RU', '_F'],
    ['BN1 9RH', '_J'],
    ['SO17 1BJ', '_H'],
    ['CB2 1TN', '_A'],
  ])('%s is in %s', (postcode, region) => {
    expect(regionOfPostcode(postcode)).toBe(region);
  });

  it('has no region off the Great Britain grid', () => {
    expect(postcodeArea('BT1 5GS')).toBe('BT');
    expect(regionOfPostcode('BT1 5GS')).toBeNull();
    expect(regionOfPostcode('JE2 3AB')).toBeNull();
    expect(regionOfPostcode('not a postcode')).toBeNull();
  });
});

describe('money', () => {
  it('rounds half-up and reads rates exactly', () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(7n, 3n)).toBe(2n);
    expect(toTenThousandths('24.8670')).toBe(248670n);
    expect(toTenThousandths('6.1')).toBe(61000n);
    expect(toTenThousandths(51.234)).toBe(512340n);
    expect(() => toTenThousandths('1.00001')).toThrow(RangeError);
    expect(weeklyToMonthly(1460)).toBe(6327);
  });
});

describe('supply type', () => {
  it('must name exactly the energy services chosen', () => {
    expect(supplyTypeMatchesServices('DUAL', ['electric', 'gas', 'water'])).toBe(true);
    expect(supplyTypeMatchesServices('DUAL', ['electric', 'water'])).toBe(false);
    expect(supplyTypeMatchesServices('ELEC_ONLY', ['electric', 'water'])).toBe(true);
    expect(supplyTypeMatchesServices('ELEC_ONLY', ['electric', 'gas'])).toBe(false);
    expect(supplyTypeMatchesServices('GAS_ONLY', ['gas', 'broadband'])).toBe(true);
    expect(supplyTypeMatchesServices('NO_SUPPLY', ['electric', 'water'])).toBe(false);
  });
});

describe('tariff periods', () => {
  it('splits the contract where the tariff changes and prefers the latest valid-from', () => {
    const old = tariff({ id: 1, validFrom: '2040-01-01', validTo: null });
    const next = tariff({ id: 2, validFrom: '2041-01-01', validTo: '2041-12-31' });
    const periods = tariffPeriods([old, next], '2040-09-01', '2041-08-31')!;
    expect(periods.map((p) => [p.tariff.id, p.startDate, p.endDate, p.days])).toEqual([
      [1, '2040-09-01', '2040-12-31', 122],
      [2, '2041-01-01', '2041-08-31', 243],
    ]);
  });

  it('is null when a day has no tariff', () => {
    expect(tariffPeriods([tariff({ validTo: '2041-08-30' })], '2040-09-01', '2041-08-31')).toBeNull();
    expect(tariffPeriods([tariff({ id: 1, validTo: '2040-12-31' }), tariff({ id: 2, validFrom: '2041-01-02', validTo: null })], '2040-09-01', '2041-08-31')).toBeNull();
  });

  it('goes back to the older tariff after a newer one inside it ends, and breaks ties by the highest id', () => {
    const long = tariff({ id: 1, validFrom: '2040-01-01', validTo: null });
    const winter = tariff({ id: 2, validFrom: '2040-11-01', validTo: '2041-02-28' });
    const twin = tariff({ id: 3, validFrom: '2040-11-01', validTo: '2040-11-30' });
    expect(tariffPeriods([long, winter, twin], '2040-09-01', '2041-08-31')!.map((p) => [p.tariff.id, p.startDate, p.endDate, p.days])).toEqual([
      [1, '2040-09-01', '2040-10-31', 61],
      [3, '2040-11-01', '2040-11-30', 30],
      [2, '2040-12-01', '2041-02-28', 90],
      [1, '2041-03-01', '2041-08-31', 184],
    ]);
  });

  it('gives, for random overlapping tariffs, the tariff a day-by-day search picks on every day', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
    const day = (offset: number) => addDays('2040-01-01', offset);
    for (let round = 0; round < 200; round++) {
      const tariffs = Array.from({ length: 1 + random(6) }, (_, i) => {
        const from = random(500);
        return tariff({ id: i + 1, validFrom: day(from), validTo: random(4) === 0 ? null : day(from + random(300)) });
      });
      const [start, end] = [day(100 + random(100)), day(300 + random(200))];
      const ranked = [...tariffs].sort((a, b) => (a.validFrom === b.validFrom ? Number(b.id) - Number(a.id) : a.validFrom < b.validFrom ? 1 : -1));
      const expected: Array<number | undefined> = [];
      for (let d = start; d <= end; d = addDays(d, 1)) expected.push(ranked.find((t) => t.validFrom <= d && (t.validTo === null || t.validTo >= d))?.id as number | undefined);
      const periods = tariffPeriods(tariffs, start, end);
      if (expected.includes(undefined)) expect(periods).toBeNull();
      else expect(periods!.flatMap((p) => Array<unknown>(p.days).fill(p.tariff.id))).toEqual(expected);
    }
  });
});

describe('calculateQuote', () => {
  it('prices the golden 5-bedroom Leeds house to the penny', () => {
    const quote = calculateQuote(request, data());
    expect(quote.days).toBe(365);
    expect(quote.lines.map((line) => [line.utilityType, line.costPence, line.marginPence, line.vatPence, line.totalPence])).toEqual([
      // 3510 kWh × 24.867p = 87 283.17p + 365 × 51.234p = 18 700.41p → 105 983.58 → 105 984; 15% 15 897.6 → 15 898; 5% of 121 882 = 6 094.1 → 6 094
      ['electric', 105984, 15898, 6094, 127976],
      // 14 950 kWh × 6.123p = 91 538.85p + 365 × 29.876p = 10 904.74p → 102 443.59 → 102 444; 15 366.6 → 15 367; 5% of 117 811 = 5 890.55 → 5 891
      ['gas', 102444, 15367, 5891, 123702],
      // £25 a month × 12 = 30 000; 15% 4 500; 20% of 34 500 = 6 900
      ['broadband', 30000, 4500, 6900, 41400],
      ['tv_licence', 17450, 0, 0, 17450],
      // £120 a bedroom × 5 = 60 000; 15% 9 000
      ['water', 60000, 9000, 0, 69000],
    ]);
    expect(quote.houseTotalPence).toBe(379528);
    expect(quote.weeklyPerTenantPence).toBe(1460); // 379 528 ÷ 52 ÷ 5 = 1 459.72
    expect(quote.monthlyPerTenantPence).toBe(6327); // 1 460 × 52 / 12 = 6 326.67
    expect(quote.houseWeeklyPence).toBe(7299);
    expect(quote.perTenantTotalPence).toBe(75906);
    expect(quote.instalmentPerTenantPence).toBe(6327);
    expect(quote.lines[0]).toMatchObject({ annualKwh: 3510, estimatedKwh: 3510, pricedOn: 'MEDIUM', allowanceKwh: 3510, unitRate: 24.867, standingCharge: 51.234, vatBasisPoints: 500, marginBasisPoints: 1500 });
  });

  it('prices UNLIMITED on HIGH with no allowance, and LITE with the LOW allowance', () => {
    const unlimited = calculateQuote({ ...request, planType: 'UNLIMITED' }, data());
    expect(unlimited.lines[0]).toMatchObject({ annualKwh: 5330, pricedOn: 'HIGH', allowanceKwh: null });
    const lite = calculateQuote({ ...request, planType: 'LITE' }, data());
    expect(lite.lines[1]).toMatchObject({ annualKwh: 14950, pricedOn: 'MEDIUM', allowanceKwh: 9750 });
  });

  it('splits dual-rate kWh by the night share', () => {
    const dn = tariff({ rateType: 'DN', unitRate: '30.0000', nightUnitRate: '15.0000', standingCharge: '50.0000' });
    const quote = calculateQuote({ ...request, services: ['electric', 'water'], supplyType: 'ELEC_ONLY' }, data({ tariffs: { electric: [dn] }, usage: () => 3650 }));
    // 3650 × (30 × 0.58 + 15 × 0.42 = 23.7) = 86 505 + 365 × 50 = 18 250 → 104 755
    expect(quote.lines[0]).toMatchObject({ costPence: 104755, unitRate: 23.7 });
  });

  it('refuses without a tariff for every day, a usage estimate or a price row', () => {
    expect(() => calculateQuote(request, data({ tariffs: { electric: [tariff({})] } }))).toThrow(/^Tariff not found/);
    expect(() => calculateQuote(request, data({ usage: () => null }))).toThrow(/^Usage estimate needs to be added/);
    expect(() => calculateQuote({ ...request, broadbandSpeed: '600' }, data())).toThrow(QuoteDataError);
  });
});

describe('checkQuoteInput', () => {
  const input = { ...request, postcode: 'ls6 1bn', customersSharing: 5, marginType: 'STANDARD', services: [...request.services] };

  it('accepts a valid quote and finds the region', () => {
    const { quote, errors } = checkQuoteInput(input, '2040-01-01');
    expect(errors).toEqual([]);
    expect(quote).toMatchObject({ postcode: 'LS6 1BN', region: '_M', waterBillingType: 'METERED' });
  });

  it('names each offending field', () => {
    const fields = (overrides: Record<string, unknown>) => checkQuoteInput({ ...input, ...overrides }, '2040-01-01').errors.map((e) => [e.field, e.message]);
    expect(fields({ postcode: 'BT1 5GS' })).toEqual([['postcode', expect.stringMatching(/^No electricity region/)]]);
    expect(fields({ supplyType: 'ELEC_ONLY' })).toEqual([['supplyType', 'Invalid supply type']]);
    expect(fields({ services: ['water', 'broadband'], supplyType: 'DUAL' })).toContainEqual(['services', 'Choose electricity or gas, plus at least one more utility']);
    expect(fields({ broadbandSpeed: null })).toEqual([['broadbandSpeed', 'Choose a broadband speed']]);
    expect(fields({ planType: null })).toEqual([['planType', 'Choose a plan type for plan billing']]);
    expect(fields({ endDate: '2041-03-01' })).toEqual([['endDate', 'Contract must last at least 9 months']]);
    expect(fields({ startDate: '2039-12-31', endDate: '2040-12-30' })).toEqual([['startDate', 'Date cannot be in the past']]);
    expect(fields({ customersSharing: 6 })).toEqual([['customersSharing', 'Customers sharing cannot be more than the number of bedrooms (5)']]);
    expect(fields({ bedrooms: null })).toContainEqual(['bedrooms', 'Required']);
  });
});
