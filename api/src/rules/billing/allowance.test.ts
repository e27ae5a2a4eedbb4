import { finalStatement } from './allowance';
import { BILLING_MESSAGES, BillingError } from './errors';

describe('finalStatement', () => {
  it('charges usage above the allowance at the tariff rate plus VAT: 312 kWh × 24.5012 p = 7644.3744 → 7644, VAT 382.2 → 382', () => {
    const statement = finalStatement({
      planType: 'LITE',
      utilities: [{ utility: 'electric', allowanceKwh: 2700, usedKwh: 3012, unitRate: '24.5012', vatRateBp: 500 }],
      chargedPence: 120000,
      paidPence: 120000,
    });
    expect(statement).toEqual({
      planType: 'LITE',
      lines: [{ utility: 'electric', allowanceKwh: '2700.0000', usedKwh: '3012.0000', excessKwh: '312.0000', estimated: false, netPence: 7644, vatRateBp: 500, vatPence: 382, totalPence: 8026 }],
      excessNetPence: 7644,
      excessVatPence: 382,
      excessPence: 8026,
      balancePence: 8026,
      amountDuePence: 8026,
      creditPence: 0,
    });
  });

  it('adds excess per utility (GREENSAVER, electricity and gas) and subtracts what is unpaid', () => {
    const statement = finalStatement({
      planType: 'GREENSAVER',
      utilities: [
        { utility: 'electric', allowanceKwh: 1800, usedKwh: '1900.5', unitRate: '24', vatRateBp: 500 }, // 100.5 × 24 = 2412, VAT 120.6 → 121
        { utility: 'gas', allowanceKwh: 7500, usedKwh: '7600', unitRate: '6.25', vatRateBp: 500, estimated: true }, // 100 × 6.25 = 625, VAT 31.25 → 31
      ],
      chargedPence: 100000,
      paidPence: 90000,
    });
    expect(statement.lines.map((line) => [line.utility, line.excessKwh, line.netPence, line.vatPence, line.estimated])).toEqual([
      ['electric', '100.5000', 2412, 121, false],
      ['gas', '100.0000', 625, 31, true],
    ]);
    expect(statement).toMatchObject({ excessNetPence: 3037, excessVatPence: 152, excessPence: 3189, balancePence: 13189, amountDuePence: 13189, creditPence: 0 });
  });

  it('gives a credit to refund when more was paid than charged, and no excess under the allowance', () => {
    const statement = finalStatement({
      planType: 'LITE',
      utilities: [{ utility: 'electric', allowanceKwh: 2700, usedKwh: 2100, unitRate: '24.5012', vatRateBp: 500 }],
      chargedPence: 120000,
      paidPence: 125000,
    });
    expect(statement).toMatchObject({ excessPence: 0, balancePence: -5000, amountDuePence: 0, creditPence: 5000 });
    expect(statement.lines[0]).toMatchObject({ excessKwh: '0.0000', netPence: 0, vatPence: 0, totalPence: 0 });
  });

  it('lets excess and overpayment offset each other', () => {
    const statement = finalStatement({
      planType: 'LITE',
      utilities: [{ utility: 'electric', allowanceKwh: 2700, usedKwh: 3012, unitRate: '24.5012', vatRateBp: 500 }], // 8026
      chargedPence: 120000,
      paidPence: 130000,
    });
    expect(statement).toMatchObject({ excessPence: 8026, balancePence: -1974, amountDuePence: 0, creditPence: 1974 });
  });

  it('never charges excess on UNLIMITED', () => {
    const statement = finalStatement({
      planType: 'UNLIMITED',
      utilities: [{ utility: 'electric', allowanceKwh: null, usedKwh: 99999, unitRate: '24.5012', vatRateBp: 500 }],
      chargedPence: 150000,
      paidPence: 150000,
    });
    expect(statement).toMatchObject({ excessPence: 0, balancePence: 0, amountDuePence: 0, creditPence: 0 });
    expect(statement.lines[0]).toMatchObject({ allowanceKwh: null, excessKwh: '0.0000', totalPence: 0 });
  });

  it('refuses an allowance on UNLIMITED and a missing one on LITE', () => {
    expect(() => finalStatement({ planType: 'UNLIMITED', utilities: [{ utility: 'electric', allowanceKwh: 10, usedKwh: 1, unitRate: '1', vatRateBp: 500 }], chargedPence: 0, paidPence: 0 })).toThrow(BILLING_MESSAGES.allowanceNotAllowed);
    expect(() => finalStatement({ planType: 'LITE', utilities: [{ utility: 'electric', allowanceKwh: null, usedKwh: 1, unitRate: '1', vatRateBp: 500 }], chargedPence: 0, paidPence: 0 })).toThrow(BillingError);
    expect(() => finalStatement({ planType: 'LITE', utilities: [{ utility: 'electric', allowanceKwh: 1, usedKwh: -1, unitRate: '1', vatRateBp: 500 }], chargedPence: 0, paidPence: 0 })).toThrow(RangeError);
  });
});
