import { addExact, compareExact, decimalPlaces, divideExact, multiplyExact, ratio, roundRatioHalfUp, subtractExact, toDecimalString, toRatio, toSafeNumber } from './exact';

describe('toRatio', () => {
  it.each([
    ['24.5012', 61253n, 2500n],
    ['0.145', 29n, 200n],
    ['-1.5', -3n, 2n],
    ['1e3', 1000n, 1n],
    ['1.5e-7', 3n, 20000000n],
    ['.5', 1n, 2n],
    ['7.', 7n, 1n],
  ])('reads %s exactly', (text, n, d) => expect(toRatio(text)).toEqual({ n, d }));

  it('reads numbers through their shortest decimal spelling, not their binary value', () => {
    expect(toRatio(0.145)).toEqual({ n: 29n, d: 200n });
    expect(toRatio(0.1)).toEqual({ n: 1n, d: 10n });
    expect(toRatio(1e21)).toEqual({ n: 10n ** 21n, d: 1n });
    expect(toRatio(12n)).toEqual({ n: 12n, d: 1n });
  });

  it.each(['', '.', 'abc', '1,5', '1.2.3', ' 1'])('refuses %j', (text) => expect(() => toRatio(text)).toThrow(RangeError));
  it('refuses NaN and infinities', () => {
    expect(() => toRatio(Number.NaN)).toThrow(RangeError);
    expect(() => toRatio(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('arithmetic', () => {
  it('is exact where floats are not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addExact(0.1, 0.2)).toEqual({ n: 3n, d: 10n });
    expect(0.145 * 100).toBe(14.499999999999998);
    expect(multiplyExact(0.145, 100)).toEqual({ n: 29n, d: 2n });
    expect(subtractExact('1', '0.9')).toEqual({ n: 1n, d: 10n });
    expect(divideExact(1, 3)).toEqual({ n: 1n, d: 3n });
    expect(multiplyExact()).toEqual({ n: 1n, d: 1n });
  });

  it('normalises signs and lowest terms', () => {
    expect(ratio(6, -4)).toEqual({ n: -3n, d: 2n });
    expect(() => ratio(1, 0)).toThrow('Division by zero');
    expect(() => divideExact(1, '0.0')).toThrow('Division by zero');
  });

  it('compares', () => {
    expect(compareExact('2.5', '2.4999')).toBe(1);
    expect(compareExact('-2.5', 0)).toBe(-1);
    expect(compareExact('1.50', 1.5)).toBe(0);
  });
});

describe('roundRatioHalfUp', () => {
  it.each([
    ['2.5', 3n],
    ['2.4999', 2n],
    ['2.5001', 3n],
    ['-2.5', -3n],
    ['-2.4999', -2n],
    ['0.5', 1n],
    ['-0.5', -1n],
    ['0', 0n],
    ['14.5', 15n],
  ])('%s → %s', (value, expected) => expect(roundRatioHalfUp(value)).toBe(expected));

  it('rounds a thirds exactly', () => {
    expect(roundRatioHalfUp(ratio(7, 3))).toBe(2n);
    expect(roundRatioHalfUp(ratio(8, 3))).toBe(3n);
  });
});

describe('toDecimalString / decimalPlaces / toSafeNumber', () => {
  it('formats', () => {
    expect(toDecimalString(ratio(1, 3), 4)).toBe('0.3333');
    expect(toDecimalString(ratio(2, 3), 4)).toBe('0.6667');
    expect(toDecimalString('-0.00005', 4)).toBe('-0.0001');
    expect(toDecimalString('12', 0)).toBe('12');
    expect(toDecimalString('1122.063333', 2)).toBe('1122.06');
  });

  it('counts decimals', () => {
    expect(decimalPlaces('24.5012')).toBe(4);
    expect(decimalPlaces('24.50120')).toBe(4);
    expect(decimalPlaces('0.00001')).toBe(5);
    expect(decimalPlaces(12)).toBe(0);
    expect(decimalPlaces(ratio(1, 3))).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses unsafe integers', () => {
    expect(toSafeNumber(9007199254740991n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toSafeNumber(9007199254740992n)).toThrow(RangeError);
  });
});
