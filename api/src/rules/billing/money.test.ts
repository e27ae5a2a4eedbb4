import { VAT_RATES_BP } from '../value-sets';
import { ratio } from './exact';
import { allocateByWeights, divideRoundHalfUp, formatPounds, roundHalfUp, splitEvenly, sumPence, vatOn } from './money';

describe('roundHalfUp', () => {
  it.each([
    [2.5, 3],
    [2.4999, 2],
    [-2.5, -3],
    [-2.4999, -2],
    ['12250.6', 12251],
    ['6995.5038516', 6996],
    [0.5, 1],
    [1.49999999, 1],
  ])('%s → %i', (value, expected) => expect(roundHalfUp(value)).toBe(expected));

  it('rounds the exact product, where a float product would round the wrong way', () => {
    expect(Math.round(0.145 * 100)).toBe(14);
    expect(roundHalfUp('14.5')).toBe(15);
  });

  it('never returns -0', () => expect(Object.is(roundHalfUp('-0.4'), -0)).toBe(false));

  it('divides and rounds once', () => {
    expect(divideRoundHalfUp(10001, 2)).toBe(5001);
    expect(divideRoundHalfUp(10, 3)).toBe(3);
    expect(divideRoundHalfUp(ratio(-5), 2)).toBe(-3);
  });
});

describe('vatOn', () => {
  it('uses the bill VAT rates of the value sets', () => expect(VAT_RATES_BP).toEqual([0, 500, 2000]));
  it.each([
    [12251, 500, 613], // 612.55
    [2470, 500, 124], // 123.5 exactly: half-up
    [2450, 500, 123], // 122.5 exactly: half-up
    [2469, 500, 123], // 123.45
    [3000, 2000, 600],
    [2999, 2000, 600], // 599.8
    [2997, 2000, 599], // 599.4
    [1654, 500, 83], // 82.7
    [5000, 0, 0],
    [-2470, 500, -124], // a credit mirrors a charge
  ])('VAT on %i at %i bp = %i', (net, bp, vat) => expect(vatOn(net, bp)).toBe(vat));

  it('refuses fractional pence and rates', () => {
    expect(() => vatOn(10.5, 500)).toThrow(RangeError);
    expect(() => vatOn(100, 5.5)).toThrow(RangeError);
    expect(() => vatOn(100, -500)).toThrow(RangeError);
  });
});

describe('formatPounds', () => {
  it.each([
    [123456, '£1,234.56'],
    [0, '£0.00'],
    [5, '£0.05'],
    [100, '£1.00'],
    [-123456, '-£1,234.56'],
    [123456789, '£1,234,567.89'],
    [99999, '£999.99'],
  ])('%i → %s', (pence, text) => expect(formatPounds(pence)).toBe(text));

  it('matches the en-GB currency format', () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    for (const pence of [1, 1999, 100000, -4500, 987654321]) expect(formatPounds(pence)).toBe(intl.format(pence / 100));
  });

  it('refuses fractional pence', () => expect(() => formatPounds(1.5)).toThrow(RangeError));
});

describe('splitEvenly', () => {
  it.each([
    [10000, 3, [3334, 3333, 3333]],
    [10001, 3, [3334, 3334, 3333]],
    [10002, 3, [3334, 3334, 3334]],
    [6700, 3, [2234, 2233, 2233]],
    [5, 7, [1, 1, 1, 1, 1, 0, 0]],
    [0, 2, [0, 0]],
    [-10000, 3, [-3334, -3333, -3333]],
    [100, 1, [100]],
  ])('%i in %i parts', (total, parts, expected) => {
    const split = splitEvenly(total, parts);
    expect(split).toEqual(expected);
    expect(sumPence(split)).toBe(total);
  });

  it('refuses bad part counts', () => {
    expect(() => splitEvenly(100, 0)).toThrow(RangeError);
    expect(() => splitEvenly(100, 1.5)).toThrow(RangeError);
  });
});

describe('allocateByWeights', () => {
  it('gives the pennies left to the largest remainders, ties to the first', () => {
    expect(allocateByWeights(10001, [30, 30, 15])).toEqual([4001, 4000, 2000]); // 4000.4, 4000.4, 2000.2
    expect(allocateByWeights(100, [1, 2])).toEqual([33, 67]); // 33.33, 66.67
    expect(allocateByWeights(10, [0, 3, 0])).toEqual([0, 10, 0]);
  });

  it('never loses or invents a penny', () => {
    for (const total of [1, 99, 12345, 999999]) {
      for (const weights of [[1], [7, 11, 13], [31, 30, 1, 0, 29], [365, 366]]) expect(sumPence(allocateByWeights(total, weights))).toBe(total);
    }
  });

  it('refuses all-zero or negative weights', () => {
    expect(() => allocateByWeights(100, [0, 0])).toThrow(RangeError);
    expect(() => allocateByWeights(100, [])).toThrow(RangeError);
    expect(() => allocateByWeights(100, [-1, 2])).toThrow(RangeError);
  });
});
