import { toDecimalString } from './exact';
import { gasKwhToVolume, gasVolumeToKwh } from './gas';

describe('gas volume to kWh', () => {
  it('converts metric m³: 100 × 1.02264 × 39.5 ÷ 3.6 = 1122.0633…', () => {
    expect(toDecimalString(gasVolumeToKwh(100, 'METRIC'), 6)).toBe('1122.063333');
  });

  it('converts imperial hundreds of ft³ through × 2.83 first: 10 → 28.3 m³ → 317.5439 kWh', () => {
    expect(toDecimalString(gasVolumeToKwh(10, 'IMPERIAL'), 6)).toBe('317.543923');
  });

  it('uses the calorific value given', () => {
    // 100 × 1.02264 × 40 ÷ 3.6 = 1136.2666…
    expect(toDecimalString(gasVolumeToKwh(100, 'METRIC', '40'), 4)).toBe('1136.2667');
  });

  it('inverts exactly', () => {
    expect(gasKwhToVolume(gasVolumeToKwh('123.45', 'METRIC'), 'METRIC')).toEqual({ n: 2469n, d: 20n });
    expect(gasKwhToVolume(gasVolumeToKwh('7', 'IMPERIAL'), 'IMPERIAL')).toEqual({ n: 7n, d: 1n });
    expect(toDecimalString(gasKwhToVolume(2000, 'METRIC'), 4)).toBe('178.2431');
  });
});
