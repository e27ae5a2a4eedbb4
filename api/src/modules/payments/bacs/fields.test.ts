import { alpha, fromJulian, julian, numeric } from './fields';

describe('Bacs fields', () => {
  it('writes dates as space + YYDDD and reads them back, leap years included', () => {
    expect(julian('2026-01-01')).toBe(' 26001');
    expect(julian('2026-12-31')).toBe(' 26365');
    expect(julian('2028-12-31')).toBe(' 28366');
    expect(fromJulian(' 28366')).toBe('2028-12-31');
    expect(fromJulian('26060')).toBe('2026-03-01');
  });
  it('folds names to the Bacs character set', () => {
    expect(alpha("Zoë D'Arcy-Smith & Co, Ltd", 18)).toBe('ZOE D ARCY-SMITH &');
    expect(alpha('Li', 4)).toBe('LI  ');
  });
  it('pads numbers and refuses ones that do not fit', () => {
    expect(numeric(42, 5)).toBe('00042');
    expect(() => numeric(123456, 5)).toThrow(RangeError);
    expect(() => numeric(-1, 5)).toThrow(RangeError);
  });
});
