import { addDays } from './validation/calendar';
import { broadbandStartDate, housemateEmails, normaliseSignupMobile, paymentDay, referralCodeFormat, SIGNUP_MESSAGES, signupDateOfBirth, signupMobile } from './signup-fields';

/*
 * The wizard's field rules as the site and the server run them: UK mobiles by the specification's checks and
 * then libphonenumber's mobile ranges (Ofcom's drama range accepted), the payment day, the broadband lead
 * times, the age of 18, referral code shapes and the housemates' e-mails.
 */

describe('mobile', () => {
  it.each([['07700 900123', '+447700900123'], ['+44 7400 123456', '+447400123456'], ['07911 123456', '+447911123456'], ['+447700900999', '+447700900999']])('accepts %s as %s', (input, stored) => {
    expect(signupMobile(input)).toBeNull();
    expect(normaliseSignupMobile(input)).toBe(stored);
  });
  it.each([
    ['', 'Required'],
    ['0770090012a', 'Mobile number can contain only digits, spaces and a leading +'],
    ['07700900123', 'Mobile number must have at least two parts separated by a space'],
    ['+44 07700 900123', 'Do not put a 0 after +44'],
    ['+33 6 12 34 56 78', 'Mobile number must start with a known country code (+44) or with 07'],
    ['020 7946 0123', 'Enter a valid UK mobile number'],
    ['07000 123456', 'Enter a valid UK mobile number'],
  ])('refuses %j: %s', (input, message) => expect(signupMobile(input)).toBe(message));
});

it('takes payment days 1 to 29 and 31 (the last day)', () => {
  for (const day of [1, 15, 29, 31, '31']) expect(paymentDay(day)).toBeNull();
  for (const day of [0, 30, 32, 1.5, 'x']) expect(paymentDay(day)).toBe(SIGNUP_MESSAGES.paymentDay);
});

it('asks 3 weeks for a new broadband line and 2 days for an existing one', () => {
  const today = '2026-11-28';
  expect(broadbandStartDate({ date: addDays(today, 21), today })).toBeNull();
  expect(broadbandStartDate({ date: addDays(today, 20), today })).toBe(SIGNUP_MESSAGES.broadbandThreeWeeks);
  expect(broadbandStartDate({ date: addDays(today, 2), today, existingLine: true })).toBeNull();
  expect(broadbandStartDate({ date: addDays(today, 1), today, existingLine: true })).toBe(SIGNUP_MESSAGES.broadbandTwoDays);
});

it('wants a tenant of 18 or over, born in the past', () => {
  expect(signupDateOfBirth({ dateOfBirth: '2008-11-28', today: '2026-11-28' })).toBeNull();
  expect(signupDateOfBirth({ dateOfBirth: '2008-11-29', today: '2026-11-28' })).toBe('You must be at least 18 years old');
  expect(signupDateOfBirth({ dateOfBirth: '2027-01-01', today: '2026-11-28' })).toBe(SIGNUP_MESSAGES.bornInFuture);
});

it('never takes a tenant ID for a promo code', () => {
  expect(referralCodeFormat('SPRING25')).toBeNull();
  expect(referralCodeFormat('T12345')).toBe('A tenant ID cannot be used as a promo code');
  expect(referralCodeFormat('x'.repeat(51))).toBe('At most 50 characters');
});

it("names housemates' bad, repeated and surplus e-mails", () => {
  expect(housemateEmails({ housemates: ['a@x.test', 'LEAD@x.test', 'bad', 'A@x.test'], leadEmail: 'lead@x.test', numberOfTenants: 3 })).toEqual([
    { index: 1, rule: 'unique', message: SIGNUP_MESSAGES.emailTwice },
    { index: 2, rule: 'email', message: 'Invalid e-mail address' },
    { index: 3, rule: 'unique', message: SIGNUP_MESSAGES.emailTwice },
    { index: -1, rule: 'count', message: SIGNUP_MESSAGES.tooManyHousemates },
  ]);
});
