import { formatDisplayDate, isIsoDate, londonDate } from './dates';

describe('londonDate', () => {
  it('gives the Europe/London calendar date, which differs from UTC just after midnight in summer time', () => {
    expect(londonDate(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonDate(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});

describe('isIsoDate', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['01/02/2026', false],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2026-04-31', false],
    ['2026-12-31', true],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['0000-01-01', false],
    ['2026-1-01', false],
  ])('%s → %s', (value, expected) => expect(isIsoDate(value)).toBe(expected));
});

it('displays dates as DD/MM/YYYY', () => {
  expect(formatDisplayDate('2026-03-09')).toBe('09/03/2026');
});
