import {
  contractMaximumDuration,
  contractMinimumDuration,
  dateAfterTomorrow,
  dateNotInFuture,
  dateNotInPast,
  dateWithinHouseContract,
  endAfterStart,
  houseContractsDoNotOverlap,
  rangesOverlap,
  tenantContractWithinHouseContract,
  tenantStartNotBeforeHouseStart,
  validDate,
  voidPeriodStartBeforeContractStart,
} from './contract-dates';

const today = '2026-03-15';

describe('validDate', () => {
  it.each(['2026-02-28', '2028-02-29', '', null, undefined])('accepts %p', (value) => expect(validDate(value)).toBeNull());
  it.each(['2026-02-29', '2026-04-31', '2026-13-01', '15/03/2026', 'tomorrow', 20260315])('refuses %p', (value) =>
    expect(validDate(value)).toBe('Invalid date'),
  );
});

describe('relative to today', () => {
  it('not in the past: today and later pass, yesterday fails', () => {
    expect(dateNotInPast({ date: today, today })).toBeNull();
    expect(dateNotInPast({ date: '2026-03-16', today })).toBeNull();
    expect(dateNotInPast({ date: '2026-03-14', today })).toBe('Date cannot be in the past');
    expect(dateNotInPast({ date: '', today })).toBeNull();
  });

  it('not in the future: today and earlier pass, tomorrow fails', () => {
    expect(dateNotInFuture({ date: today, today })).toBeNull();
    expect(dateNotInFuture({ date: '2025-12-31', today })).toBeNull();
    expect(dateNotInFuture({ date: '2026-03-16', today })).toBe('Date cannot be in the future');
  });

  it('only in the future: the day after tomorrow at the earliest', () => {
    expect(dateAfterTomorrow({ date: '2026-03-17', today })).toBeNull();
    expect(dateAfterTomorrow({ date: '2026-03-16', today })).toBe('Date must be after tomorrow');
    expect(dateAfterTomorrow({ date: today, today })).toBe('Date must be after tomorrow');
    // across a month end and a leap day
    expect(dateAfterTomorrow({ date: '2028-03-01', today: '2028-02-28' })).toBeNull();
    expect(dateAfterTomorrow({ date: '2028-02-29', today: '2028-02-28' })).toBe('Date must be after tomorrow');
  });

  it('refuses to run without a valid today', () => {
    expect(() => dateNotInPast({ date: today, today: '' })).toThrow(RangeError);
  });
});

describe('endAfterStart', () => {
  it('passes when the end is later, and on missing dates', () => {
    expect(endAfterStart({ start: '2026-01-01', end: '2026-01-02' })).toBeNull();
    expect(endAfterStart({ start: '2026-01-01', end: '' })).toBeNull();
  });
  it('fails when the end equals or precedes the start', () => {
    expect(endAfterStart({ start: '2026-01-01', end: '2026-01-01' })).toBe('End date must be after start date');
    expect(endAfterStart({ start: '2026-01-02', end: '2026-01-01' })).toBe('End date must be after start date');
  });
});

describe('contractMinimumDuration', () => {
  it('fixed: 9 months, end on or after the same date 9 months later', () => {
    expect(contractMinimumDuration({ start: '2026-01-15', end: '2026-10-15', term: 'FIXED' })).toBeNull();
    expect(contractMinimumDuration({ start: '2026-01-15', end: '2026-10-14', term: 'FIXED' })).toBe('Contract must last at least 9 months');
  });

  it('fixed: 9 months from 31 May ends at the end of February (leap and non-leap)', () => {
    expect(contractMinimumDuration({ start: '2025-05-31', end: '2026-02-28', term: 'FIXED' })).toBeNull();
    expect(contractMinimumDuration({ start: '2025-05-31', end: '2026-02-27', term: 'FIXED' })).toBe('Contract must last at least 9 months');
    expect(contractMinimumDuration({ start: '2027-05-31', end: '2028-02-29', term: 'FIXED' })).toBeNull();
    expect(contractMinimumDuration({ start: '2027-05-31', end: '2028-02-28', term: 'FIXED' })).toBe('Contract must last at least 9 months');
  });

  it('fixed, special case: 6 months', () => {
    expect(contractMinimumDuration({ start: '2026-08-31', end: '2027-02-28', term: 'FIXED', sixMonthMinimum: true })).toBeNull();
    expect(contractMinimumDuration({ start: '2026-08-31', end: '2027-02-27', term: 'FIXED', sixMonthMinimum: true })).toBe(
      'Contract must last at least 6 months',
    );
  });

  it('variable: 30 days', () => {
    expect(contractMinimumDuration({ start: '2026-02-01', end: '2026-03-03', term: 'VARIABLE' })).toBeNull();
    expect(contractMinimumDuration({ start: '2026-02-01', end: '2026-03-02', term: 'VARIABLE' })).toBe('Contract must last at least 30 days');
    expect(contractMinimumDuration({ start: '2028-02-01', end: '2028-03-02', term: 'VARIABLE' })).toBeNull(); // leap February
  });

  it('leaves an end before the start and missing dates to the other rules', () => {
    expect(contractMinimumDuration({ start: '2026-02-01', end: '2026-02-01', term: 'FIXED' })).toBeNull();
    expect(contractMinimumDuration({ start: '2026-02-01', end: null, term: 'FIXED' })).toBeNull();
  });
});

describe('contractMaximumDuration', () => {
  it('14 months exactly passes, one day more fails', () => {
    expect(contractMaximumDuration({ start: '2026-01-15', end: '2027-03-15' })).toBeNull();
    expect(contractMaximumDuration({ start: '2026-01-15', end: '2027-03-16' })).toBe('Contract cannot last more than 14 months');
  });

  it('month ends: 14 months from 31 December is 28 February', () => {
    expect(contractMaximumDuration({ start: '2025-12-31', end: '2027-02-28' })).toBeNull();
    expect(contractMaximumDuration({ start: '2025-12-31', end: '2027-03-01' })).toBe('Contract cannot last more than 14 months');
  });

  it('1 year variant, from a leap day', () => {
    expect(contractMaximumDuration({ start: '2028-02-29', end: '2029-02-28', maximumMonths: 12 })).toBeNull();
    expect(contractMaximumDuration({ start: '2028-02-29', end: '2029-03-01', maximumMonths: 12 })).toBe('Contract cannot last more than 1 year');
  });
});

describe('tenant contract and house contract', () => {
  it('tenant start on or after the house contract start', () => {
    expect(tenantStartNotBeforeHouseStart({ tenantStart: '2026-09-01', houseStart: '2026-09-01' })).toBeNull();
    expect(tenantStartNotBeforeHouseStart({ tenantStart: '2026-08-31', houseStart: '2026-09-01' })).toBe(
      'Tenant contract cannot start before the house contract starts',
    );
  });

  const house = { houseStart: '2026-09-01', houseEnd: '2027-06-30' };
  it('tenant dates within the house contract (inclusive)', () => {
    expect(tenantContractWithinHouseContract({ ...house, tenantStart: '2026-09-01', tenantEnd: '2027-06-30' })).toBeNull();
    expect(tenantContractWithinHouseContract({ ...house, tenantStart: '2026-10-01', tenantEnd: null })).toBeNull();
  });
  it.each([
    ['2026-08-31', '2027-06-30'],
    ['2026-09-01', '2027-07-01'],
    ['2027-07-01', '2027-08-01'],
  ])('tenant %s to %s is outside', (tenantStart, tenantEnd) =>
    expect(tenantContractWithinHouseContract({ ...house, tenantStart, tenantEnd })).toBe(
      'Tenant contract dates must be within the house contract dates (01/09/2026 to 30/06/2027)',
    ),
  );
  it('an open-ended house contract bounds only the start', () => {
    expect(tenantContractWithinHouseContract({ houseStart: '2026-09-01', houseEnd: null, tenantStart: '2026-09-01', tenantEnd: '2030-01-01' })).toBeNull();
    expect(tenantContractWithinHouseContract({ houseStart: '2026-09-01', houseEnd: null, tenantStart: '2026-08-01', tenantEnd: '2027-01-01' })).toBe(
      'Tenant contract dates must be within the house contract dates (from 01/09/2026)',
    );
  });

  it('a date (e.g. broadband indicative start) within the house contract', () => {
    expect(dateWithinHouseContract({ date: '2027-06-30', ...house })).toBeNull();
    expect(dateWithinHouseContract({ date: '2027-07-01', ...house })).toBe('Date must be within the house contract dates (01/09/2026 to 30/06/2027)');
  });
});

describe('voidPeriodStartBeforeContractStart', () => {
  it('the void period starts strictly before the contract', () => {
    expect(voidPeriodStartBeforeContractStart({ voidStart: '2026-07-01', contractStart: '2026-09-01' })).toBeNull();
    expect(voidPeriodStartBeforeContractStart({ voidStart: '2026-09-01', contractStart: '2026-09-01' })).toBe(
      'Void period must start before the contract start date',
    );
    expect(voidPeriodStartBeforeContractStart({ voidStart: '2026-09-02', contractStart: '2026-09-01' })).toBe(
      'Void period must start before the contract start date',
    );
  });
});

describe('houseContractsDoNotOverlap', () => {
  const existing = [
    { id: 1, start: '2025-09-01', end: '2026-06-30' },
    { id: 2, start: '2026-09-01', end: '2027-06-30' },
  ];

  it('passes for a contract in the gap, touching neither neighbour', () => {
    expect(houseContractsDoNotOverlap({ contract: { start: '2026-07-01', end: '2026-08-31' }, existing })).toBeNull();
  });

  it('fails when the ranges share a day (ends are inclusive) and names the clash', () => {
    expect(houseContractsDoNotOverlap({ contract: { start: '2026-06-30', end: '2026-08-31' }, existing })).toBe(
      'House contract dates overlap another house contract of this house (01/09/2025 to 30/06/2026)',
    );
    expect(houseContractsDoNotOverlap({ contract: { start: '2026-07-01', end: '2026-09-01' }, existing })).toBe(
      'House contract dates overlap another house contract of this house (01/09/2026 to 30/06/2027)',
    );
  });

  it('ignores the contract being edited', () => {
    expect(houseContractsDoNotOverlap({ contract: { id: '2', start: '2026-08-01', end: '2027-07-31' }, existing })).toBeNull();
    expect(houseContractsDoNotOverlap({ contract: { id: 2, start: '2026-06-01', end: '2027-07-31' }, existing })).not.toBeNull();
  });

  it('treats a missing end as open', () => {
    expect(houseContractsDoNotOverlap({ contract: { start: '2020-01-01', end: null }, existing })).not.toBeNull();
    expect(
      houseContractsDoNotOverlap({ contract: { start: '2027-07-01', end: '2028-06-30' }, existing: [...existing, { id: 3, start: '2028-06-30', end: null }] }),
    ).toBe('House contract dates overlap another house contract of this house (from 30/06/2028)');
  });

  it('rangesOverlap is symmetric', () => {
    const a = { start: '2026-01-01', end: '2026-01-31' };
    const b = { start: '2026-01-31', end: '2026-02-28' };
    expect(rangesOverlap(a, b)).toBe(true);
    expect(rangesOverlap(b, a)).toBe(true);
    expect(rangesOverlap(a, { start: '2026-02-01', end: null })).toBe(false);
  });
});
