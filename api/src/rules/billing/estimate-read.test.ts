import { BILLING_MESSAGES, EstimateReadError } from './errors';
import { estimateRead } from './estimate-read';

const januaryReads = [
  { date: '2026-01-01', read: 1000 },
  { date: '2026-01-31', read: 1300 },
];

describe('estimateRead', () => {
  it('interpolates linear daily usage: 10 a day, 15 days in', () => {
    expect(estimateRead({ date: '2026-01-16', reads: januaryReads })).toEqual({ date: '2026-01-16', read: 1150, estimated: true, method: 'INTERPOLATED' });
  });

  it('interpolates across the spring clock change by calendar days', () => {
    const reads = [
      { date: '2026-03-20', read: 2000 },
      { date: '2026-04-09', read: 2400 },
    ];
    expect(estimateRead({ date: '2026-03-30', reads }).read).toBe(2200);
  });

  it('uses the nearest reads around the date', () => {
    const reads = [{ date: '2025-06-01', read: 0 }, ...januaryReads, { date: '2026-03-02', read: 1600 }];
    expect(estimateRead({ date: '2026-02-15', reads }).read).toBe(1450); // 10 a day from 31 January
  });

  it('extrapolates from the two latest reads', () => {
    expect(estimateRead({ date: '2026-02-10', reads: januaryReads })).toMatchObject({ read: 1400, method: 'EXTRAPOLATED' });
  });

  it('extrapolates backwards from the two earliest reads', () => {
    expect(estimateRead({ date: '2025-12-27', reads: januaryReads })).toMatchObject({ read: 950, method: 'EXTRAPOLATED' });
  });

  it('rounds half-up to whole units, or to the decimals asked', () => {
    const reads = [
      { date: '2026-01-01', read: 0 },
      { date: '2026-01-03', read: 3 },
    ];
    expect(estimateRead({ date: '2026-01-02', reads }).read).toBe(2); // 1.5 → 2
    expect(estimateRead({ date: '2026-01-02', reads, decimals: 1 }).read).toBe(1.5);
    const thirds = [
      { date: '2026-01-01', read: 0 },
      { date: '2026-01-04', read: 1 },
    ];
    expect(estimateRead({ date: '2026-01-02', reads: thirds, decimals: 2 }).read).toBe(0.33);
  });

  it('returns a known read on its date', () => {
    expect(estimateRead({ date: '2026-01-31', reads: januaryReads })).toMatchObject({ read: 1300, method: 'KNOWN_READ' });
  });

  it('spreads an annual kWh estimate over 365 days from a single read: 3650 a year from 5000, 59 days → 5590', () => {
    expect(estimateRead({ date: '2026-03-01', reads: [{ date: '2026-01-01', read: 5000 }], annualKwh: 3650 })).toEqual({
      date: '2026-03-01',
      read: 5590,
      estimated: true,
      method: 'ANNUAL_ESTIMATE',
    });
  });

  it('converts an annual gas estimate to meter units: 11500 kWh a year is 1024.90 m³, 30 days → 84.238 m³', () => {
    // 11500 × 3.6 ÷ (1.02264 × 39.5) = 1024.8976 m³ a year; × 30 / 365 = 84.2382
    expect(estimateRead({ date: '2026-01-31', reads: [{ date: '2026-01-01', read: 100 }], annualKwh: 11500, meterUnits: 'METRIC', decimals: 3 }).read).toBe(184.238);
  });

  it('says "select a date to estimate a read" without a date', () => {
    for (const date of [undefined, null, '']) {
      expect(() => estimateRead({ date, reads: januaryReads })).toThrow(EstimateReadError);
      expect(() => estimateRead({ date, reads: januaryReads })).toThrow(BILLING_MESSAGES.selectDateToEstimateRead);
    }
    expect(BILLING_MESSAGES.selectDateToEstimateRead).toBe('select a date to estimate a read');
  });

  it('says "estimated read cannot be generated" without enough data', () => {
    const cases = [
      { date: '2026-02-01', reads: [] },
      { date: '2026-02-01', reads: [{ date: '2026-01-01', read: 5 }] },
      { date: '2026-02-01', reads: [], annualKwh: 3650 },
      { date: '2026-02-01', reads: [{ date: '2026-01-01', read: 5 }], annualKwh: 0 },
      { date: '2026-01-15', reads: [{ date: '2026-01-01', read: 500 }, { date: '2026-01-31', read: 400 }] }, // reads going backwards
      { date: '2025-01-01', reads: [{ date: '2026-01-01', read: 10 }], annualKwh: 3650 }, // would go below zero
    ];
    for (const input of cases) {
      let caught: unknown;
      try {
        estimateRead(input);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(EstimateReadError);
      expect((caught as EstimateReadError).message).toBe('estimated read cannot be generated');
      expect((caught as EstimateReadError).code).toBe('ESTIMATED_READ_CANNOT_BE_GENERATED');
    }
  });

  it('refuses malformed dates', () => {
    expect(() => estimateRead({ date: '2026-02-30', reads: januaryReads })).toThrow(RangeError);
  });
});
