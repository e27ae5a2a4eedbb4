import { BacsCalendar, advanceNoticeWorkingDays, nominalPaymentDate } from './bacs-calendar';

// England and Wales bank holidays around Christmas 2026: Christmas Day Friday 25th, Boxing Day substitute Monday 28th,
// New Year's Day Friday 1 January 2027; Good Friday 26 March and Easter Monday 29 March 2027.
const calendar = new BacsCalendar(new Set(['2026-12-25', '2026-12-28', '2027-01-01', '2027-03-26', '2027-03-29']));

describe('BacsCalendar working days', () => {
  it('skips weekends and bank holidays', () => {
    expect(calendar.isWorkingDay('2026-12-24')).toBe(true); // Thursday
    expect(calendar.isWorkingDay('2026-12-25')).toBe(false); // Christmas Day
    expect(calendar.isWorkingDay('2026-12-26')).toBe(false); // Saturday
    expect(calendar.isWorkingDay('2026-12-28')).toBe(false); // substitute Boxing Day
    expect(calendar.onOrAfter('2026-12-25')).toBe('2026-12-29');
    expect(calendar.addWorkingDays('2026-12-24', 1)).toBe('2026-12-29');
    expect(calendar.addWorkingDays('2026-12-29', -1)).toBe('2026-12-24');
    expect(calendar.addWorkingDays('2026-12-23', 10)).toBe('2027-01-11');
  });
});

describe('payment day', () => {
  it('is day 1–29 of the month, 31 the last day, 30 refused', () => {
    expect(nominalPaymentDate(2027, 2, 31)).toBe('2027-02-28');
    expect(nominalPaymentDate(2028, 2, 31)).toBe('2028-02-29');
    expect(nominalPaymentDate(2027, 4, 31)).toBe('2027-04-30');
    expect(nominalPaymentDate(2027, 1, 29)).toBe('2027-01-29');
    expect(() => nominalPaymentDate(2027, 1, 30)).toThrow('Payment day must be 1 to 29, or 31 for the last day of the month (got 30)');
    expect(() => nominalPaymentDate(2027, 1, 0)).toThrow(RangeError);
  });
  it('moves to the next working day: 26 December 2026 (Saturday, then Sunday and the Boxing Day substitute) is collected Tuesday 29th', () => {
    expect(calendar.collectionDateInMonth(2026, 12, 26)).toBe('2026-12-29');
    // last day of March 2027 is a Wednesday: unchanged; Easter Monday 29 March moves to the 30th
    expect(calendar.collectionDateInMonth(2027, 3, 31)).toBe('2027-03-31');
    expect(calendar.collectionDateInMonth(2027, 3, 29)).toBe('2027-03-30');
  });
});

describe('frozen clock: the three-day cycle across Christmas 2026', () => {
  // The clock is frozen on each of these days in turn; the job asks which collection dates to submit today.
  it('a collection on Tuesday 29 December is processed Thursday 24th and submitted Wednesday 23rd', () => {
    expect(calendar.processingDay('2026-12-29')).toBe('2026-12-24');
    expect(calendar.submissionDay('2026-12-29')).toBe('2026-12-23');
  });
  it('a file submitted on Wednesday 23rd collects on the 29th; one made on Christmas Eve or the holiday weekend collects Wednesday 30th at the earliest', () => {
    expect(calendar.earliestCollection('2026-12-23')).toBe('2026-12-29');
    expect(calendar.earliestCollection('2026-12-24')).toBe('2026-12-30');
    expect(calendar.earliestCollection('2026-12-26')).toBe('2026-12-31'); // Saturday: submitted Tuesday 29th
    expect(calendar.submissionDay('2027-01-04')).toBe('2026-12-30'); // over New Year's Day and a weekend
  });
  it('the first collection leaves 10 working days of advance notice: notice on 23 December, payment day 1 → Monday 1 February 2027', () => {
    // 10 working days from 23 December is 11 January, past January's payment day 1 (a holiday, moved to the 4th)
    expect(calendar.firstCollection('2026-12-23', 1, 10)).toBe('2027-02-01');
    // payment day 15: Friday 15 January 2027 is after 11 January
    expect(calendar.firstCollection('2026-12-23', 15, 10)).toBe('2027-01-15');
    // a shorter notice period (configured: 3 working days, to 30 December) allows Monday 4 January
    expect(calendar.firstCollection('2026-12-23', 4, 3)).toBe('2027-01-04');
  });
});

describe('advance notice configuration', () => {
  it('defaults to 10 working days and accepts 3 to 30', () => {
    expect(advanceNoticeWorkingDays({})).toBe(10);
    expect(advanceNoticeWorkingDays({ DD_ADVANCE_NOTICE_WORKING_DAYS: '5' })).toBe(5);
    expect(() => advanceNoticeWorkingDays({ DD_ADVANCE_NOTICE_WORKING_DAYS: '2' })).toThrow('DD_ADVANCE_NOTICE_WORKING_DAYS must be');
  });
});
