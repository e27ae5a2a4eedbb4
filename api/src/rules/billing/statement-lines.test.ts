import { BILLING_MESSAGES, BillingError, MeterReadError } from './errors';
import { dualRateLines, meteredLine, standingChargeLine, statementTotals } from './statement-lines';

describe('meteredLine: single-rate electricity', () => {
  it('500 kWh × 24.5012 p = 12250.6 → £122.51 net, 5% VAT 612.55 → 613, total 12864', () => {
    expect(meteredLine({ utility: 'electric', openingRead: 12345, closingRead: 12845, unitRate: '24.5012', vatRateBp: 500, estimated: false })).toEqual({
      kind: 'METERED',
      utility: 'electric',
      register: 'SINGLE',
      consumption: '500',
      kwh: '500.0000',
      unitRate: '24.5012',
      estimated: false,
      netPence: 12251,
      vatRateBp: 500,
      vatPence: 613,
      totalPence: 12864,
    });
  });

  it('rounds x.5 exactly half-up: 101 kWh × 24.5 p = 2474.5 → 2475, VAT 123.75 → 124', () => {
    expect(meteredLine({ utility: 'electric', openingRead: 0, closingRead: 101, unitRate: 24.5, vatRateBp: 500 })).toMatchObject({ netPence: 2475, vatPence: 124, totalPence: 2599 });
  });

  it('rounds the exact product: 100 kWh × 0.145 p = 14.5 → 15 (the float product 14.4999… would give 14)', () => {
    expect(meteredLine({ utility: 'electric', openingRead: 100, closingRead: 200, unitRate: 0.145, vatRateBp: 0 })).toMatchObject({ netPence: 15, vatPence: 0, totalPence: 15 });
  });

  it('charges 20% VAT for business energy: 250 kWh × 30.1 p = 7525, VAT 1505', () => {
    expect(meteredLine({ utility: 'electric', openingRead: 1000, closingRead: 1250, unitRate: '30.1', vatRateBp: 2000 })).toMatchObject({ netPence: 7525, vatPence: 1505, totalPence: 9030 });
  });

  it('handles decimal reads and carries the estimated flag', () => {
    const line = meteredLine({ utility: 'electric', openingRead: '100.4', closingRead: '110.9', unitRate: '20', vatRateBp: 500, estimated: true });
    expect(line).toMatchObject({ consumption: '10.5', netPence: 210, vatPence: 11, totalPence: 221, estimated: true });
  });

  it('refuses a unit rate with more than 4 decimals or below zero', () => {
    expect(() => meteredLine({ utility: 'electric', openingRead: 0, closingRead: 1, unitRate: '24.50123', vatRateBp: 500 })).toThrow(RangeError);
    expect(() => meteredLine({ utility: 'electric', openingRead: 0, closingRead: 1, unitRate: '-1', vatRateBp: 500 })).toThrow(RangeError);
  });
});

describe('closing read below opening read', () => {
  it('throws a typed MeterReadError with a message', () => {
    const attempt = () => meteredLine({ utility: 'electric', openingRead: 5000, closingRead: 4990, unitRate: '24.5', vatRateBp: 500 });
    expect(attempt).toThrow(MeterReadError);
    expect(attempt).toThrow(BILLING_MESSAGES.closingReadBelowOpeningRead);
    try {
      attempt();
    } catch (error) {
      expect(error).toBeInstanceOf(BillingError);
      expect((error as MeterReadError).code).toBe('CLOSING_READ_BELOW_OPENING_READ');
      expect((error as MeterReadError).name).toBe('MeterReadError');
    }
  });

  it('bills across a meter change: (5100 − 5000) + (40 − 0) = 140 kWh', () => {
    const line = meteredLine({ utility: 'electric', openingRead: 5000, closingRead: 40, unitRate: '25', vatRateBp: 500, meterChange: { oldMeterFinalRead: 5100, newMeterInitialRead: 0 } });
    expect(line).toMatchObject({ consumption: '140', netPence: 3500, vatPence: 175, totalPence: 3675 });
  });

  it('still refuses a meter change whose reads go backwards', () => {
    expect(() => meteredLine({ utility: 'electric', openingRead: 5000, closingRead: 40, unitRate: '25', vatRateBp: 500, meterChange: { oldMeterFinalRead: 4999, newMeterInitialRead: 0 } })).toThrow(MeterReadError);
  });

  it('allows equal reads (no consumption)', () => {
    expect(meteredLine({ utility: 'electric', openingRead: 7, closingRead: 7, unitRate: '25', vatRateBp: 500 })).toMatchObject({ netPence: 0, vatPence: 0, totalPence: 0 });
  });
});

describe('dualRateLines', () => {
  it('gives a DAY line and a NIGHT line, each rounded once', () => {
    const [day, night] = dualRateLines({
      vatRateBp: 500,
      day: { openingRead: 1000, closingRead: 1400, unitRate: '27.1234' }, // 400 × 27.1234 = 10849.36 → 10849, VAT 542.45 → 542
      night: { openingRead: 500, closingRead: 650, unitRate: '12.5', estimated: true }, // 150 × 12.5 = 1875, VAT 93.75 → 94
    });
    expect(day).toMatchObject({ register: 'DAY', utility: 'electric', netPence: 10849, vatPence: 542, totalPence: 11391, estimated: false });
    expect(night).toMatchObject({ register: 'NIGHT', utility: 'electric', netPence: 1875, vatPence: 94, totalPence: 1969, estimated: true });
  });
});

describe('gas lines', () => {
  it('METRIC: 100 m³ → 1122.0633 kWh × 6.2345 p = 6995.5039 → 6996, VAT 349.8 → 350', () => {
    const line = meteredLine({ utility: 'gas', gasUnits: 'METRIC', openingRead: 2000, closingRead: 2100, unitRate: '6.2345', vatRateBp: 500 });
    expect(line).toMatchObject({ consumption: '100', kwh: '1122.0633', netPence: 6996, vatPence: 350, totalPence: 7346 });
  });

  it('IMPERIAL: 10 units × 2.83 = 28.3 m³ → 317.5439 kWh × 6.2345 p = 1979.7276 → 1980, VAT 99', () => {
    const line = meteredLine({ utility: 'gas', gasUnits: 'IMPERIAL', openingRead: 340, closingRead: 350, unitRate: '6.2345', vatRateBp: 500 });
    expect(line).toMatchObject({ consumption: '10', kwh: '317.5439', netPence: 1980, vatPence: 99, totalPence: 2079 });
  });

  it('needs the meter units', () => {
    expect(() => meteredLine({ utility: 'gas', openingRead: 0, closingRead: 1, unitRate: '6', vatRateBp: 500 })).toThrow(RangeError);
  });
});

describe('standingChargeLine', () => {
  it('31 days × 53.3512 p = 1653.8872 → 1654, VAT 5% 82.7 → 83', () => {
    expect(standingChargeLine({ days: 31, standingCharge: '53.3512', vatRateBp: 500, utility: 'electric' })).toEqual({
      kind: 'STANDING_CHARGE',
      utility: 'electric',
      days: 31,
      standingCharge: '53.3512',
      netPence: 1654,
      vatRateBp: 500,
      vatPence: 83,
      totalPence: 1737,
    });
  });

  it('rounds x.5 half-up: 3 days × 30.5 p = 91.5 → 92; 20% VAT 18.4 → 18', () => {
    expect(standingChargeLine({ days: 3, standingCharge: '30.5', vatRateBp: 2000 })).toMatchObject({ netPence: 92, vatPence: 18, totalPence: 110 });
  });

  it('29 days of a leap February × 31.4159 p = 911.0611 → 911', () => {
    expect(standingChargeLine({ days: 29, standingCharge: '31.4159', vatRateBp: 500 })).toMatchObject({ netPence: 911, vatPence: 46, totalPence: 957 }); // VAT 45.55 → 46
  });

  it('refuses negative or fractional days', () => {
    expect(() => standingChargeLine({ days: -1, standingCharge: '1', vatRateBp: 500 })).toThrow(RangeError);
    expect(() => standingChargeLine({ days: 1.5, standingCharge: '1', vatRateBp: 500 })).toThrow(RangeError);
  });
});

describe('statementTotals', () => {
  it('adds the rounded lines and groups VAT by rate', () => {
    const lines = [
      meteredLine({ utility: 'electric', openingRead: 12345, closingRead: 12845, unitRate: '24.5012', vatRateBp: 500 }), // 12251 + 613
      standingChargeLine({ days: 31, standingCharge: '53.3512', vatRateBp: 500 }), // 1654 + 83
      standingChargeLine({ days: 3, standingCharge: '30.5', vatRateBp: 2000 }), // 92 + 18
    ];
    expect(statementTotals(lines)).toEqual({
      netPence: 13997,
      vatPence: 714,
      totalPence: 14711,
      byVatRate: [
        { vatRateBp: 500, netPence: 13905, vatPence: 696 },
        { vatRateBp: 2000, netPence: 92, vatPence: 18 },
      ],
    });
  });

  it('is zero for no lines', () => expect(statementTotals([])).toEqual({ netPence: 0, vatPence: 0, totalPence: 0, byVatRate: [] }));
});
