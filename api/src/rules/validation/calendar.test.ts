import { addDays, addMonths, compareDates, daysBetween, daysInMonth, isLeapYear } from './calendar';

describe('isLeapYear / daysInMonth', () => {
  it.each([
    [2024, true],
    [2026, false],
    [1900, false],
    [2000, true],
  ])('%i leap: %s', (year, leap) => expect(isLeapYear(year)).toBe(leap));

  it('knows month lengths', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2026, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(daysInMonth(2028, 2)).toBe(29);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-28', 2, '2026-03-30'], // across the spring clock change: no drift
    ['2026-10-24', 2, '2026-10-26'], // across the autumn clock change
    ['2026-01-01', 365, '2027-01-01'],
    ['2028-01-01', 366, '2029-01-01'],
    ['1970-01-01', -1, '1969-12-31'],
    ['2026-05-05', 0, '2026-05-05'],
  ])('%s %+i days = %s', (date, days, expected) => expect(addDays(date, days)).toBe(expected));

  it('throws on a date that does not exist', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('01/02/2026', 1)).toThrow(RangeError);
  });
});

describe('addMonths', () => {
  it.each([
    ['2025-05-31', 9, '2026-02-28'], // clamped to the end of February
    ['2023-05-31', 9, '2024-02-29'], // leap year
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-01-30', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-01-15', 14, '2027-03-15'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-01-10', -1, '2025-12-10'],
    ['2026-06-15', 0, '2026-06-15'],
  ])('%s %+i months = %s', (date, months, expected) => expect(addMonths(date, months)).toBe(expected));
});

describe('daysBetween', () => {
  it.each([
    ['2026-01-01', '2026-01-01', 0],
    ['2026-01-01', '2026-01-31', 30],
    ['2026-01-31', '2026-01-01', -30],
    ['2026-02-01', '2026-03-01', 28],
    ['2028-02-01', '2028-03-01', 29],
    ['2026-03-28', '2026-03-30', 2],
    ['2025-12-31', '2027-01-01', 366],
  ])('%s → %s: %i', (from, to, days) => expect(daysBetween(from, to)).toBe(days));

  it('is the inverse of addDays over a long span', () => {
    for (let days = -800; days <= 800; days += 37) expect(daysBetween('2026-02-28', addDays('2026-02-28', days))).toBe(days);
  });
});

it('compareDates orders dates', () => {
  expect(compareDates('2026-01-02', '2026-01-10')).toBe(-1);
  expect(compareDates('2026-01-10', '2026-01-10')).toBe(0);
  expect(compareDates('2026-02-01', '2026-01-31')).toBe(1);
});
