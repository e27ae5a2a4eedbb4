import { sumPence } from './money';
import { meteredLine, standingChargeLine } from './statement-lines';
import { splitByTenantDays } from './tenant-split';

const september = { periodStart: '2026-09-01', periodEnd: '2026-09-30' };

describe('splitByTenantDays', () => {
  it('splits by tenant-days with a mid-period move-in: 30, 30 and 15 days of 10001 p', () => {
    const split = splitByTenantDays({
      ...september,
      totalPence: 10001,
      tenants: [
        { id: 'a', startDate: '2026-07-01', endDate: '2027-06-30' },
        { id: 'b', startDate: '2026-09-01', endDate: '2027-06-30' },
        { id: 'c', startDate: '2026-09-16', endDate: '2027-06-30' }, // moves in on the 16th: 15 days
      ],
    });
    // 10001 × 30/75 = 4000.4, 4000.4; × 15/75 = 2000.2 → 4000 + 4000 + 2000 and 1 penny left: to the first tie
    expect(split).toEqual({
      periodDays: 30,
      tenantDays: 75,
      uncoveredDays: 0,
      shares: [
        { id: 'a', days: 30, sharePence: 4001 },
        { id: 'b', days: 30, sharePence: 4000 },
        { id: 'c', days: 15, sharePence: 2000 },
      ],
    });
  });

  it('counts a move-in on the autumn clock change by calendar days', () => {
    const split = splitByTenantDays({
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      totalPence: 3800,
      tenants: [
        { id: 'a', startDate: '2026-09-01', endDate: '2027-08-31' },
        { id: 'c', startDate: '2026-10-25', endDate: '2027-08-31' }, // 25–31 October: 7 days
      ],
    });
    expect(split.shares).toEqual([
      { id: 'a', days: 31, sharePence: 3100 },
      { id: 'c', days: 7, sharePence: 700 },
    ]);
  });

  it('gives nothing to a tenant outside the period and reports days with nobody', () => {
    const split = splitByTenantDays({
      ...september,
      totalPence: 9000,
      tenants: [
        { id: 'gone', startDate: '2025-09-01', endDate: '2026-08-31' },
        { id: 'leaver', startDate: '2025-09-01', endDate: '2026-09-10' }, // 10 days
        { id: 'joiner', startDate: '2026-09-21', endDate: '2027-08-31' }, // 10 days
        { id: 'future', startDate: '2026-10-01', endDate: '2027-08-31' },
      ],
    });
    expect(split.shares.map((share) => [share.id, share.days, share.sharePence])).toEqual([
      ['gone', 0, 0],
      ['leaver', 10, 4500],
      ['joiner', 10, 4500],
      ['future', 0, 0],
    ]);
    expect(split.uncoveredDays).toBe(10); // 11–20 September
  });

  it('splits each statement line, net and VAT separately, and the shares add up to the house total', () => {
    const lines = [
      meteredLine({ utility: 'electric', openingRead: 12345, closingRead: 12845, unitRate: '24.5012', vatRateBp: 500 }), // 12251 + 613
      standingChargeLine({ days: 30, standingCharge: '53.3512', vatRateBp: 500 }), // 1600.536 → 1601, VAT 80.05 → 80
    ];
    const split = splitByTenantDays({
      ...september,
      lines,
      tenants: [
        { id: 'a', startDate: '2026-09-01', endDate: '2027-06-30' },
        { id: 'b', startDate: '2026-09-01', endDate: '2027-06-30' },
        { id: 'c', startDate: '2026-09-11', endDate: '2027-06-30' }, // 20 days: weights 30, 30, 20
      ],
    });
    // 12251 × 3/8 = 4594.125 ×2, × 2/8 = 3062.75 → 4594, 4594, 3063; VAT 613 → 229.875, 229.875, 153.25 → 230, 230, 153
    // 1601 → 600.375, 600.375, 400.25 → 601, 600, 400; VAT 80 → 30, 30, 20
    expect(split.shares).toEqual([
      { id: 'a', days: 30, sharePence: 5455, lines: [{ netPence: 4594, vatPence: 230, totalPence: 4824 }, { netPence: 601, vatPence: 30, totalPence: 631 }] },
      { id: 'b', days: 30, sharePence: 5454, lines: [{ netPence: 4594, vatPence: 230, totalPence: 4824 }, { netPence: 600, vatPence: 30, totalPence: 630 }] },
      { id: 'c', days: 20, sharePence: 3636, lines: [{ netPence: 3063, vatPence: 153, totalPence: 3216 }, { netPence: 400, vatPence: 20, totalPence: 420 }] },
    ]);
    expect(sumPence(split.shares.map((share) => share.sharePence))).toBe(12251 + 613 + 1601 + 80);
  });

  it('never loses or invents a penny', () => {
    for (const totalPence of [1, 2, 3, 9999, 123457]) {
      const split = splitByTenantDays({
        ...september,
        totalPence,
        tenants: [
          { id: 'a', startDate: '2026-09-03', endDate: '2026-09-29' },
          { id: 'b', startDate: '2026-08-01', endDate: '2026-09-07' },
          { id: 'c', startDate: '2026-09-30', endDate: '2026-12-31' },
        ],
      });
      expect(sumPence(split.shares.map((share) => share.sharePence))).toBe(totalPence);
    }
  });

  it('shares the spare pennies of many lines round the house: identical tenants end at most a penny apart', () => {
    const sameDates = ['a', 'b', 'c', 'd'].map((id) => ({ id, startDate: '2026-09-01', endDate: '2027-06-30' }));
    // Every line leaves 1–3 spare pennies over four tenants; with ties to the first tenant, 'a' paid them all.
    const lines = [2259, 1187, 563, 1001, 3422, 45, 987, 1234].map((netPence) => ({ netPence, vatRateBp: 500, vatPence: Math.round(netPence * 0.05), totalPence: netPence + Math.round(netPence * 0.05) }));
    const split = splitByTenantDays({ ...september, lines, tenants: sameDates });
    const totals = split.shares.map((share) => share.sharePence);
    expect(sumPence(totals)).toBe(sumPence(lines.map((line) => line.totalPence)));
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
    // Deterministic: the same statement splits the same way every time.
    expect(splitByTenantDays({ ...september, lines, tenants: sameDates }).shares).toEqual(split.shares);
    // A credit line's spare pennies go back to whoever has been charged the most extra.
    const withCredit = splitByTenantDays({ ...september, lines: [...lines, { netPence: -1003, vatRateBp: 500, vatPence: -50, totalPence: -1053 }], tenants: sameDates });
    const after = withCredit.shares.map((share) => share.sharePence);
    expect(Math.max(...after) - Math.min(...after)).toBeLessThanOrEqual(1);
  });

  it('refuses a period with no tenant and duplicate tenants', () => {
    expect(() => splitByTenantDays({ ...september, totalPence: 100, tenants: [{ id: 'a', startDate: '2027-01-01', endDate: '2027-06-30' }] })).toThrow(RangeError);
    expect(() =>
      splitByTenantDays({
        ...september,
        totalPence: 100,
        tenants: [
          { id: 'a', startDate: '2026-09-01', endDate: '2026-09-30' },
          { id: 'a', startDate: '2026-09-01', endDate: '2026-09-30' },
        ],
      }),
    ).toThrow(RangeError);
  });
});
