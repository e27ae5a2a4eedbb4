import { cardExpiryMonth, firstOfMonth, lastFourDigits, MONEY_FIELD_MESSAGES, MONEY_RESOURCES, paymentDay, positive } from './money';

describe('positive', () => {
  it.each([1, 4250, 0.5, null, undefined, ''])('accepts %p', (value) => expect(positive(value)).toBeNull());
  it.each([0, -1, -4250, '12'])('refuses %p', (value) => expect(positive(value)).toBe(MONEY_FIELD_MESSAGES.positive));
});

describe('lastFourDigits', () => {
  it.each(['1234', ' 0007 ', null, ''])('accepts %p', (value) => expect(lastFourDigits(value)).toBeNull());
  it.each(['123', '12345678', '12a4', '12 34'])('refuses %p', (value) => expect(lastFourDigits(value)).toBe(MONEY_FIELD_MESSAGES.lastFour));
});

describe('cardExpiryMonth', () => {
  it.each([1, 6, 12, null])('accepts %p', (value) => expect(cardExpiryMonth(value)).toBeNull());
  it.each([0, 13, 1.5, '6'])('refuses %p', (value) => expect(cardExpiryMonth(value)).toBe(MONEY_FIELD_MESSAGES.expiryMonth));
});

describe('paymentDay', () => {
  it.each([1, 15, 29, 31, null])('accepts %p', (value) => expect(paymentDay(value)).toBeNull());
  it.each([0, 30, 32, 2.5])('refuses %p', (value) => expect(paymentDay(value)).toBe(MONEY_FIELD_MESSAGES.paymentDay));
});

describe('firstOfMonth', () => {
  it.each(['2022-10-01', '2026-01-01', null, ''])('accepts %p', (value) => expect(firstOfMonth(value)).toBeNull());
  it.each(['2022-10-15', '2022-13-01', '01/10/2022'])('refuses %p', (value) => expect(firstOfMonth(value)).toBe(MONEY_FIELD_MESSAGES.firstOfMonth));
});

describe('MONEY_RESOURCES', () => {
  it('never lets a financial record be deleted, except planned schedules', () => {
    expect(MONEY_RESOURCES.filter((spec) => spec.delete === 'hard').map((spec) => spec.name)).toEqual(['PaymentSchedule']);
  });

  it('names only fields it has in sorts, searches and locks', () => {
    for (const spec of MONEY_RESOURCES) {
      expect(spec.fields[spec.defaultSort.field]).toBeDefined();
      for (const name of spec.search) expect(spec.fields[name]).toBeDefined();
      if (spec.lockedWhen) expect(spec.fields[spec.lockedWhen.field]).toBeDefined();
    }
  });

  it('asks for the refund permission to write refunds', () => {
    expect(MONEY_RESOURCES.find((spec) => spec.name === 'Refund')?.writeKey).toBe('AUTHORIZE_REFUND');
  });
});
