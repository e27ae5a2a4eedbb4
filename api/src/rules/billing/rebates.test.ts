import { sumPence } from './money';
import { ENERGY_BILLS_SUPPORT_SCHEME, rebateTotals, splitRebate } from './rebates';

const wholeYear = { startDate: '2022-09-01', endDate: '2023-08-31' };

describe('Energy Bills Support Scheme', () => {
  it('is £400: £66, £66, then £67 × 4', () => {
    expect(ENERGY_BILLS_SUPPORT_SCHEME.map((row) => [row.month, row.amountPence])).toEqual([
      ['2022-10', 6600],
      ['2022-11', 6600],
      ['2022-12', 6700],
      ['2023-01', 6700],
      ['2023-02', 6700],
      ['2023-03', 6700],
    ]);
    expect(sumPence(ENERGY_BILLS_SUPPORT_SCHEME.map((row) => row.amountPence))).toBe(40000);
  });
});

describe('splitRebate', () => {
  it('splits each month between the tenants, pennies exact', () => {
    const payments = splitRebate({ method: 'DIRECT_PAYMENT', tenants: ['a', 'b', 'c'].map((id) => ({ id, ...wholeYear })) });
    expect(payments).toHaveLength(18);
    expect(payments.filter((payment) => payment.month === '2022-12').map((payment) => payment.amountPence)).toEqual([2234, 2233, 2233]);
    expect(payments.filter((payment) => payment.month === '2022-10').map((payment) => payment.amountPence)).toEqual([2200, 2200, 2200]);
    expect([...rebateTotals(payments)]).toEqual([
      ['a', 13336], // 2200 × 2 + 2234 × 4
      ['b', 13332],
      ['c', 13332],
    ]);
    expect(payments.every((payment) => payment.directPaymentPence === payment.amountPence && payment.additionalTransactionPence === 0)).toBe(true);
  });

  it('shares a month by days: a tenant moving in on 16 October 2022 gets 16 of 47 tenant-days', () => {
    const payments = splitRebate({
      method: 'ADDITIONAL_TRANSACTION',
      tenants: [
        { id: 'a', ...wholeYear },
        { id: 'b', startDate: '2022-10-16', endDate: '2023-08-31' },
      ],
    });
    // October: 6600 × 31/47 = 4353.19, × 16/47 = 2246.81 → 4353 + 2247
    expect(payments.filter((payment) => payment.month === '2022-10').map((payment) => [payment.tenantId, payment.amountPence])).toEqual([
      ['a', 4353],
      ['b', 2247],
    ]);
    expect(payments.filter((payment) => payment.month === '2022-11').map((payment) => payment.amountPence)).toEqual([3300, 3300]);
    expect(payments.every((payment) => payment.additionalTransactionPence === payment.amountPence && payment.directPaymentPence === 0)).toBe(true);
    expect(sumPence(payments.map((payment) => payment.amountPence))).toBe(40000);
  });

  it('pays nothing for months before a tenant arrived or after they left', () => {
    const payments = splitRebate({ method: 'DIRECT_PAYMENT', tenants: [{ id: 'late', startDate: '2023-01-01', endDate: '2023-12-31' }] });
    expect(payments.map((payment) => [payment.month, payment.amountPence])).toEqual([
      ['2023-01', 6700],
      ['2023-02', 6700],
      ['2023-03', 6700],
    ]);
  });

  it('COMBINED clears debt on the ledger first, then pays the rest directly', () => {
    const payments = splitRebate({ method: 'COMBINED', tenants: [{ id: 'a', ...wholeYear, debtPence: 10000 }, { id: 'b', ...wholeYear }] });
    const a = payments.filter((payment) => payment.tenantId === 'a');
    // a's shares: 3300, 3300, 3350 × 4; debt 10000 is cleared by 3300 + 3300 + 3350 → 50 of the third credit is spare
    expect(a.map((payment) => [payment.additionalTransactionPence, payment.directPaymentPence])).toEqual([
      [3300, 0],
      [3300, 0],
      [3350, 0],
      [50, 3300],
      [0, 3350],
      [0, 3350],
    ]);
    expect(payments.filter((payment) => payment.tenantId === 'b').every((payment) => payment.additionalTransactionPence === 0)).toBe(true);
  });

  it('takes another schedule', () => {
    const payments = splitRebate({ method: 'DIRECT_PAYMENT', schedule: [{ month: '2024-02', amountPence: 15000 }], tenants: [{ id: 'a', ...wholeYear, endDate: '2024-08-31' }, { id: 'b', startDate: '2024-02-15', endDate: '2024-08-31' }] });
    // February 2024: 29 days and 15 days of 44 → 9886.36, 5113.64 → 9886, 5114
    expect(payments.map((payment) => payment.amountPence)).toEqual([9886, 5114]);
  });
});
