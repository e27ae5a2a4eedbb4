import { contractLength, contractPriceFromAnnual, firstPaymentDate, instalmentCount, paymentDate, planInstalments, weeklyToMonthly } from './instalments';
import { sumPence } from './money';

const dates = (rows: Array<{ dueDate: string }>) => rows.map((row) => row.dueDate);
const amounts = (rows: Array<{ amountPence: number }>) => rows.map((row) => row.amountPence);

describe('contract length and instalment count', () => {
  it.each([
    ['2026-09-01', '2027-08-31', 12, 0],
    ['2026-09-15', '2027-09-14', 12, 0],
    ['2026-09-01', '2027-05-31', 9, 0],
    ['2026-09-01', '2027-06-15', 9, 15],
    ['2026-09-01', '2027-09-01', 12, 0], // the contract-date validators' 12 months: end = start + 12 months
    ['2026-09-01', '2027-06-01', 9, 0], // and their 9 months
    ['2026-09-01', '2027-09-02', 12, 2],
    ['2026-01-31', '2026-02-28', 1, 0], // month-end clamped
    ['2026-01-31', '2026-02-27', 1, 0],
    ['2026-01-31', '2026-02-26', 0, 27],
    ['2026-09-01', '2026-09-01', 0, 1],
  ])('%s to %s = %i months + %i days', (start, end, months, days) => {
    expect(contractLength(start, end)).toMatchObject({ wholeMonths: months, extraDays: days });
  });

  it.each([
    ['2026-09-01', '2027-08-31', 'MONTHLY', 12],
    ['2026-09-01', '2027-08-31', 'QUARTERLY', 4],
    ['2026-09-01', '2027-08-31', 'TRIANNUAL', 3],
    ['2026-09-01', '2027-05-31', 'MONTHLY', 9],
    ['2026-09-01', '2027-05-31', 'QUARTERLY', 3],
    ['2026-09-01', '2027-05-31', 'TRIANNUAL', 3],
    ['2026-09-01', '2027-02-28', 'TRIANNUAL', 2],
    ['2026-09-01', '2027-06-15', 'MONTHLY', 10], // a part month is a month
    ['2026-09-01', '2027-10-31', 'MONTHLY', 14],
    ['2026-09-01', '2027-09-01', 'MONTHLY', 12],
    ['2026-09-01', '2027-06-01', 'MONTHLY', 9],
    ['2026-09-01', '2027-06-01', 'QUARTERLY', 3],
    ['2026-09-01', '2026-09-01', 'TRIANNUAL', 1],
  ] as const)('%s to %s %s → %i', (start, end, frequency, count) => expect(instalmentCount(start, end, frequency)).toBe(count));
});

describe('payment days', () => {
  it.each([
    [2027, 2, 31, '2027-02-28'],
    [2028, 2, 31, '2028-02-29'],
    [2026, 4, 31, '2026-04-30'],
    [2026, 6, 31, '2026-06-30'],
    [2026, 7, 31, '2026-07-31'],
    [2027, 2, 29, '2027-02-28'], // 29 does not exist in a 28-day February
    [2028, 2, 29, '2028-02-29'],
    [2026, 4, 15, '2026-04-15'],
  ])('%i-%i day %i → %s', (year, month, day, expected) => expect(paymentDate(year, month, day)).toBe(expected));

  it('refuses day 30, 0 and 32', () => {
    for (const day of [0, 30, 32, 1.5]) expect(() => paymentDate(2026, 1, day)).toThrow(RangeError);
  });

  it.each([
    ['2026-09-01', 1, '2026-09-01'],
    ['2026-09-02', 1, '2026-10-01'],
    ['2026-09-15', 15, '2026-09-15'],
    ['2026-12-20', 5, '2027-01-05'],
    ['2026-02-10', 31, '2026-02-28'],
    ['2026-04-30', 31, '2026-04-30'],
  ])('first payment day on or after %s (day %i) = %s', (start, day, expected) => expect(firstPaymentDate(start, day)).toBe(expected));
});

describe('planInstalments', () => {
  it('MONTHLY 12 for a 12-month contract, equal when the price divides', () => {
    const schedule = planInstalments({ startDate: '2026-09-01', endDate: '2027-08-31', contractPricePence: 120000, frequency: 'MONTHLY', paymentDay: 1 });
    expect(dates(schedule)).toEqual([
      '2026-09-01', '2026-10-01', '2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01',
      '2027-03-01', '2027-04-01', '2027-05-01', '2027-06-01', '2027-07-01', '2027-08-01',
    ]);
    expect(amounts(schedule)).toEqual(new Array(12).fill(10000));
  });

  it('puts the remainder pennies in the first instalment', () => {
    const schedule = planInstalments({ startDate: '2026-09-01', endDate: '2027-08-31', contractPricePence: 100000, frequency: 'MONTHLY', paymentDay: 1 });
    expect(amounts(schedule)).toEqual([8337, ...new Array(11).fill(8333)]); // 8333 × 12 = 99996
    expect(sumPence(amounts(schedule))).toBe(100000);
  });

  it('payment day 31 is the last day of every month, February and April included', () => {
    const schedule = planInstalments({ startDate: '2026-09-01', endDate: '2027-08-31', contractPricePence: 120000, frequency: 'MONTHLY', paymentDay: 31 });
    expect(dates(schedule)).toEqual([
      '2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28',
      '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31',
    ]);
  });

  it('payment day 31 falls on 29 February in a leap year', () => {
    const schedule = planInstalments({ startDate: '2027-09-01', endDate: '2028-08-31', contractPricePence: 120000, frequency: 'MONTHLY', paymentDay: 31 });
    expect(schedule[5]).toEqual({ dueDate: '2028-02-29', amountPence: 10000 });
  });

  it('payment day 29 keeps the 29th after a 28-day February', () => {
    const schedule = planInstalments({ startDate: '2026-12-01', endDate: '2027-05-31', contractPricePence: 60000, frequency: 'MONTHLY', paymentDay: 29 });
    expect(dates(schedule)).toEqual(['2026-12-29', '2027-01-29', '2027-02-28', '2027-03-29', '2027-04-29', '2027-05-29']);
  });

  it('starts on the first payment day on or after the start', () => {
    const schedule = planInstalments({ startDate: '2026-09-15', endDate: '2027-09-14', contractPricePence: 120000, frequency: 'MONTHLY', paymentDay: 1 });
    expect(schedule).toHaveLength(12);
    expect(schedule[0]!.dueDate).toBe('2026-10-01');
    expect(schedule[11]!.dueDate).toBe('2027-09-01');
  });

  it('QUARTERLY 4 on the last day, through February', () => {
    const schedule = planInstalments({ startDate: '2026-11-10', endDate: '2027-11-09', contractPricePence: 100001, frequency: 'QUARTERLY', paymentDay: 31 });
    expect(schedule).toEqual([
      { dueDate: '2026-11-30', amountPence: 25001 },
      { dueDate: '2027-02-28', amountPence: 25000 },
      { dueDate: '2027-05-31', amountPence: 25000 },
      { dueDate: '2027-08-31', amountPence: 25000 },
    ]);
  });

  it('TRIANNUAL 3, every four months', () => {
    const schedule = planInstalments({ startDate: '2026-09-01', endDate: '2027-08-31', contractPricePence: 100000, frequency: 'TRIANNUAL', paymentDay: 15 });
    expect(schedule).toEqual([
      { dueDate: '2026-09-15', amountPence: 33334 },
      { dueDate: '2027-01-15', amountPence: 33333 },
      { dueDate: '2027-05-15', amountPence: 33333 },
    ]);
  });

  it('pro-rates a 9-month contract from an annual price', () => {
    expect(contractPriceFromAnnual(120000, '2026-09-01', '2027-05-31')).toBe(90000);
    const monthly = planInstalments({ startDate: '2026-09-01', endDate: '2027-05-31', annualPricePence: 120000, frequency: 'MONTHLY', paymentDay: 31 });
    expect(amounts(monthly)).toEqual(new Array(9).fill(10000));
    expect(dates(monthly).slice(4, 8)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    const quarterly = planInstalments({ startDate: '2026-09-01', endDate: '2027-05-31', annualPricePence: 120000, frequency: 'QUARTERLY', paymentDay: 1 });
    expect(quarterly).toEqual([
      { dueDate: '2026-09-01', amountPence: 30000 },
      { dueDate: '2026-12-01', amountPence: 30000 },
      { dueDate: '2027-03-01', amountPence: 30000 },
    ]);
    const triannual = planInstalments({ startDate: '2026-09-01', endDate: '2027-05-31', annualPricePence: 120000, frequency: 'TRIANNUAL', paymentDay: 1 });
    expect(amounts(triannual)).toEqual([30000, 30000, 30000]);
  });

  it('pro-rates a part month of the annual price by its days', () => {
    // 9 months + 15 of 30 days (1–30 June 2027): 120000 × 9.5 / 12 = 95000
    expect(contractPriceFromAnnual(120000, '2026-09-01', '2027-06-15')).toBe(95000);
    // 12 months + 2 of 30 days (1–2 September 2027): 120000 × (12 + 2/30) / 12 = 120666.67
    expect(contractPriceFromAnnual(120000, '2026-09-01', '2027-09-02')).toBe(120667);
    expect(contractPriceFromAnnual(120000, '2026-09-01', '2027-09-01')).toBe(120000);
    expect(contractPriceFromAnnual(100000, '2026-09-01', '2027-03-31')).toBe(58333); // 7/12: 58333.33
  });

  it('refuses a bad payment day or price', () => {
    expect(() => planInstalments({ startDate: '2026-09-01', endDate: '2027-08-31', contractPricePence: 1000, frequency: 'MONTHLY', paymentDay: 30 })).toThrow(RangeError);
    expect(() => planInstalments({ startDate: '2026-09-01', endDate: '2027-08-31', contractPricePence: 10.5, frequency: 'MONTHLY', paymentDay: 1 })).toThrow(RangeError);
    expect(() => planInstalments({ startDate: '2026-09-01', endDate: '2026-08-31', contractPricePence: 1000, frequency: 'MONTHLY', paymentDay: 1 })).toThrow(RangeError);
  });
});

describe('weeklyToMonthly', () => {
  it.each([
    [2500, 10833], // 10833.33
    [3000, 13000],
    [2077, 9000], // 9000.33
    [2078, 9005], // 9004.67
    [0, 0],
  ])('%i a week = %i a month', (weekly, monthly) => expect(weeklyToMonthly(weekly)).toBe(monthly));
});
