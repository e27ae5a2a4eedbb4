import { occurrencesBetween, type ScheduleShape } from './occurrences';

const base: ScheduleShape = { kind: 'REGULAR_PAYMENT', scheduleType: 'MONTHLY', endType: null, times: null, startDate: '2026-09-15', endDate: null, cron: null, paymentDay: null };

describe('occurrencesBetween', () => {
  it('MONTHLY from the start date, clamped to short months', () => {
    expect(occurrencesBetween({ ...base, startDate: '2026-10-31' }, '2026-10-01', '2027-03-31')).toEqual(['2026-10-31', '2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28', '2027-03-31']);
  });
  it('MONTHLY on payment day 31 = the last day, from the start date on', () => {
    expect(occurrencesBetween({ ...base, paymentDay: 31 }, '2026-01-01', '2027-02-28')).toEqual(['2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28']);
  });
  it('ends after TIMES occurrences or on the end DATE (inclusive)', () => {
    expect(occurrencesBetween({ ...base, paymentDay: 1, endType: 'TIMES', times: 3 }, '2026-01-01', '2027-12-31')).toEqual(['2026-10-01', '2026-11-01', '2026-12-01']);
    expect(occurrencesBetween({ ...base, paymentDay: 1, endType: 'TIMES', times: 3 }, '2026-11-15', '2027-12-31')).toEqual(['2026-12-01']);
    expect(occurrencesBetween({ ...base, scheduleType: 'WEEKLY', endType: 'DATE', endDate: '2026-10-06' }, '2026-01-01', '2027-12-31')).toEqual(['2026-09-15', '2026-09-22', '2026-09-29', '2026-10-06']);
  });
  it('DAILY, YEARLY (29 February clamped), NEVER and the one-off kinds', () => {
    expect(occurrencesBetween({ ...base, scheduleType: 'DAILY' }, '2026-09-14', '2026-09-17')).toEqual(['2026-09-15', '2026-09-16', '2026-09-17']);
    expect(occurrencesBetween({ ...base, scheduleType: 'YEARLY', startDate: '2028-02-29' }, '2028-01-01', '2030-12-31')).toEqual(['2028-02-29', '2029-02-28', '2030-02-28']);
    expect(occurrencesBetween({ ...base, scheduleType: 'NEVER' }, '2026-01-01', '2027-12-31')).toEqual(['2026-09-15']);
    for (const kind of ['ONE_PAYMENT', 'INITIAL_PAYMENT', 'FINAL_PAYMENT']) {
      expect(occurrencesBetween({ ...base, kind }, '2026-01-01', '2027-12-31')).toEqual(['2026-09-15']);
    }
    expect(occurrencesBetween({ ...base, kind: 'REFUND' }, '2026-01-01', '2027-12-31')).toEqual([]);
  });
  it('CRON in Europe/London, once a day at most', () => {
    // 09:00 on the 1st and 15th; and every hour on Mondays (one date per Monday)
    expect(occurrencesBetween({ ...base, scheduleType: 'CRON', cron: '0 9 1,15 * *', startDate: '2026-10-02' }, '2026-10-01', '2026-11-30')).toEqual(['2026-10-15', '2026-11-01', '2026-11-15']);
    expect(occurrencesBetween({ ...base, scheduleType: 'CRON', cron: '0 * * * 1', startDate: '2026-10-01' }, '2026-10-01', '2026-10-20')).toEqual(['2026-10-05', '2026-10-12', '2026-10-19']);
  });
});
