import { overlapDays, overlapRange, periodDays, prorateByDays } from './periods';

describe('periodDays (inclusive)', () => {
  it.each([
    ['2026-03-01', '2026-03-31', 31],
    ['2026-03-28', '2026-03-30', 3], // across the spring clock change (29 March 2026, 23-hour day)
    ['2026-03-29', '2026-03-29', 1],
    ['2026-10-24', '2026-10-26', 3], // across the autumn clock change (25 October 2026, 25-hour day)
    ['2026-10-01', '2026-10-31', 31],
    ['2026-02-01', '2026-02-28', 28],
    ['2028-02-01', '2028-02-29', 29], // leap day
    ['2028-02-28', '2028-03-01', 3],
    ['2026-01-31', '2026-02-01', 2], // month end
    ['2026-12-31', '2027-01-01', 2], // year end
    ['2026-09-01', '2027-08-31', 365],
    ['2027-09-01', '2028-08-31', 366],
  ])('%s to %s = %i days', (start, end, days) => expect(periodDays(start, end)).toBe(days));

  it('refuses an end before the start and malformed dates', () => {
    expect(() => periodDays('2026-03-02', '2026-03-01')).toThrow(RangeError);
    expect(() => periodDays('2026-02-30', '2026-03-01')).toThrow(RangeError);
  });
});

describe('overlap of inclusive ranges', () => {
  const march = { start: '2026-03-01', end: '2026-03-31' };
  it.each([
    [{ start: '2026-03-16', end: '2026-06-30' }, 16, { start: '2026-03-16', end: '2026-03-31' }],
    [{ start: '2026-01-01', end: '2026-03-01' }, 1, { start: '2026-03-01', end: '2026-03-01' }],
    [{ start: '2026-03-31', end: '2026-04-30' }, 1, { start: '2026-03-31', end: '2026-03-31' }],
    [{ start: '2026-04-01', end: '2026-04-30' }, 0, null],
    [{ start: '2025-09-01', end: '2026-08-31' }, 31, march],
    [{ start: '2026-03-10', end: '2026-03-12' }, 3, { start: '2026-03-10', end: '2026-03-12' }],
  ])('march ∩ %o = %i days', (other, days, range) => {
    expect(overlapDays(march, other)).toBe(days);
    expect(overlapDays(other, march)).toBe(days);
    expect(overlapRange(march, other)).toEqual(range);
  });

  it('counts a tenant moving in on the autumn clock change', () => {
    expect(overlapDays({ start: '2026-10-01', end: '2026-10-31' }, { start: '2026-10-25', end: '2027-06-30' })).toBe(7);
  });
});

describe('prorateByDays', () => {
  it.each([
    [10000, 16, 31, 5161], // 5161.29
    [3100, 15, 31, 1500], // exact
    [1000, 1, 8, 125], // 125 exact
    [100, 1, 8, 13], // 12.5 exactly: half-up
    [12000, 29, 366, 951], // 950.82, leap year
    [12000, 28, 365, 921], // 920.55
    [5000, 3, 3, 5000],
    [5000, 0, 30, 0],
    [-100, 1, 8, -13],
  ])('%i × %i / %i = %i', (amount, days, period, expected) => expect(prorateByDays(amount, days, period)).toBe(expected));

  it('pro-rates a month across the spring clock change by days, not hours', () => {
    // March 2026 has 31 calendar days (743 hours); 28 March to 31 March is 4 days.
    expect(prorateByDays(3100, periodDays('2026-03-28', '2026-03-31'), periodDays('2026-03-01', '2026-03-31'))).toBe(400);
  });

  it('accepts an exact decimal amount', () => expect(prorateByDays('53.3512', 31, 1)).toBe(1654));

  it('refuses bad inputs', () => {
    expect(() => prorateByDays(100, -1, 30)).toThrow(RangeError);
    expect(() => prorateByDays(100, 1, 0)).toThrow(RangeError);
    expect(() => prorateByDays(100.5, 1, 2)).toThrow(RangeError);
  });
});
