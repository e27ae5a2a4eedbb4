import { accountNumber, paperDirectDebitReference, sortCode } from './bank';

describe('sortCode', () => {
  it.each(['123456', '12-34-56', '12 34 56', ' 20-29-59 ', ''])('accepts %p', (value) => expect(sortCode(value)).toBeNull());
  it.each(['12345', '1234567', '12-34-5a', 'ab-cd-ef', '12/34/56'])('refuses %p', (value) => expect(sortCode(value)).toBe('Sort code must be 6 digits'));
  it('refuses all zeros', () => {
    expect(sortCode('00-00-00')).toBe('Sort code cannot be 00-00-00');
  });
});

describe('accountNumber', () => {
  it.each(['123456', '1234567', '12345678', '1234567890', '1234 5678', ''])('accepts %p', (value) => expect(accountNumber(value)).toBeNull());
  it.each(['12345', '12345678901', '1234567a', 'abcdefgh'])('refuses %p', (value) =>
    expect(accountNumber(value)).toBe('Account number must be 6 to 10 digits'),
  );
});

describe('paperDirectDebitReference', () => {
  it.each(['0000000C00', '1234567C01', ' 7654321C99 ', ''])('accepts %p', (value) => expect(paperDirectDebitReference(value)).toBeNull());
  it.each(['1234567c01', '123456C01', '12345678C01', '1234567C1', '1234567D01', '1234567 C01'])('refuses %p', (value) =>
    expect(paperDirectDebitReference(value)).toBe('Reference must be seven digits, the letter C and two digits (0000000C00)'),
  );
});
