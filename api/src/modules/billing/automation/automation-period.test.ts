import { automationPeriodFor, previousCalendarMonth } from './automation-period';

describe('the period the automation bills', () => {
  it('is the previous calendar month, across a year end and a leap February', () => {
    expect(previousCalendarMonth('2028-01-01')).toEqual({ periodStart: '2027-12-01', periodEnd: '2027-12-31' });
    expect(previousCalendarMonth('2028-03-15')).toEqual({ periodStart: '2028-02-01', periodEnd: '2028-02-29' });
    expect(previousCalendarMonth('2027-03-01')).toEqual({ periodStart: '2027-02-01', periodEnd: '2027-02-28' });
    expect(previousCalendarMonth('2027-05-31')).toEqual({ periodStart: '2027-04-01', periodEnd: '2027-04-30' });
  });

  it('is billed only on the billing day', () => {
    expect(automationPeriodFor('2027-11-01', 1)).toEqual({ periodStart: '2027-10-01', periodEnd: '2027-10-31' });
    expect(automationPeriodFor('2027-11-02', 1)).toBeNull();
    expect(automationPeriodFor('2027-11-28', 28)).toEqual({ periodStart: '2027-10-01', periodEnd: '2027-10-31' });
  });
});
