import { contractPeriod, countsForEnergyUse, effectiveEndDate, matchesContractFilter, sortedCurrentAndPreviousContracts } from './contract-period';

const c = (id: number, signUpDate: string, endDate: string) => ({ id, signUpDate, endDate });

it('is CURRENT within the dates inclusive, FUTURE before, PREVIOUS after', () => {
  const contract = c(1, '2026-09-01', '2027-06-30');
  expect(contractPeriod(contract, '2026-09-01')).toBe('CURRENT');
  expect(contractPeriod(contract, '2027-06-30')).toBe('CURRENT');
  expect(contractPeriod(contract, '2026-08-31')).toBe('FUTURE');
  expect(contractPeriod(contract, '2027-07-01')).toBe('PREVIOUS');
});

it('stretches the end by one month for meter readings and 90 days for the end-of-year choice', () => {
  const contract = c(1, '2026-09-01', '2027-06-30');
  expect(effectiveEndDate('2027-06-30', 'GIVE_METER_READING')).toBe('2027-07-30');
  expect(contractPeriod(contract, '2027-07-30', 'GIVE_METER_READING')).toBe('CURRENT');
  expect(contractPeriod(contract, '2027-07-31', 'GIVE_METER_READING')).toBe('PREVIOUS');
  expect(effectiveEndDate('2027-06-30', 'END_OF_YEAR')).toBe('2027-09-28');
  expect(contractPeriod(contract, '2027-09-28', 'END_OF_YEAR')).toBe('CURRENT');
  expect(contractPeriod(contract, '2027-09-29', 'END_OF_YEAR')).toBe('PREVIOUS');
});

it('lists current and previous contracts newest first, without future ones', () => {
  const list = [c(1, '2024-09-01', '2025-06-30'), c(3, '2027-09-01', '2028-06-30'), c(2, '2026-09-01', '2027-06-30')];
  expect(sortedCurrentAndPreviousContracts(list, '2026-11-23').map((x) => x.id)).toEqual([2, 1]);
});

it('counts only current plans that are not UNLIMITED for energy use', () => {
  const base = { ...c(1, '2026-09-01', '2027-06-30'), billingType: 'PLAN' };
  expect(countsForEnergyUse({ ...base, planType: 'LITE' }, '2026-11-23')).toBe(true);
  expect(countsForEnergyUse({ ...base, planType: 'UNLIMITED' }, '2026-11-23')).toBe(false);
  expect(countsForEnergyUse({ ...base, billingType: 'BILL', planType: null }, '2026-11-23')).toBe(false);
  expect(countsForEnergyUse({ ...base, planType: 'GREENSAVER' }, '2027-07-01')).toBe(false);
  expect(matchesContractFilter({ ...base, planType: 'UNLIMITED' }, 'GIVE_METER_READING', '2027-07-15')).toBe(true);
});
