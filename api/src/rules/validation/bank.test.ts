import {
  accountMatchesSortCode,
  accountNumber,
  checkBankAccountModulus,
  modulusCheck,
  paperDirectDebitReference,
  sortCode,
  standardAccountNumber,
  type VocalinkWeightTableRow,
} from './bank';

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

// The worked examples of Vocalink's "Validating account numbers" specification (§4), with the weights they
// print. These weights are only the examples' inputs; this repository holds no weight table.
const MOD10_EXAMPLE = { sortCode: '089999', account: '66374958', weights: [0, 0, 0, 0, 0, 0, 7, 1, 3, 7, 1, 3, 7, 1] }; // total 180
const MOD11_EXAMPLE = { sortCode: '107999', account: '88837491', weights: [0, 0, 0, 0, 0, 0, 8, 7, 6, 5, 4, 3, 2, 1] }; // total 242
const DBLAL_EXAMPLE = { sortCode: '202959', account: '63748472', weights: [2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1] }; // total 60

describe('modulusCheck (worked examples)', () => {
  it('MOD10: 089999 66374958 passes, one digit changed fails', () => {
    expect(modulusCheck({ method: 'MOD10', ...MOD10_EXAMPLE })).toBe(true);
    expect(modulusCheck({ method: 'MOD10', ...MOD10_EXAMPLE, account: '66374959' })).toBe(false);
  });
  it('MOD11: 107999 88837491 passes, one digit changed fails', () => {
    expect(modulusCheck({ method: 'MOD11', ...MOD11_EXAMPLE })).toBe(true);
    expect(modulusCheck({ method: 'MOD11', ...MOD11_EXAMPLE, account: '88837492' })).toBe(false);
  });
  it('DBLAL: 202959 63748472 passes (products 10, 12, 14, 16 count their digits), one digit changed fails', () => {
    expect(modulusCheck({ method: 'DBLAL', ...DBLAL_EXAMPLE })).toBe(true);
    expect(modulusCheck({ method: 'DBLAL', ...DBLAL_EXAMPLE, account: '63748473' })).toBe(false);
    // summing the products themselves gives 105, not a multiple of 10
    expect(modulusCheck({ method: 'MOD10', ...DBLAL_EXAMPLE })).toBe(false);
  });
  it('needs 14 digits and 14 weights', () => {
    expect(() => modulusCheck({ method: 'MOD10', ...MOD10_EXAMPLE, account: '6637495' })).toThrow(RangeError);
    expect(() => modulusCheck({ method: 'MOD10', ...MOD10_EXAMPLE, weights: [1, 2, 3] })).toThrow(RangeError);
  });
});

describe('checkBankAccountModulus and accountMatchesSortCode', () => {
  // Rows built from the worked examples' weights, for these tests only (not Vocalink table rows).
  const row = (from: string, to: string, method: VocalinkWeightTableRow['method'], weights: number[], exception: number | null = null): VocalinkWeightTableRow => ({
    sortCodeFrom: from,
    sortCodeTo: to,
    method,
    weights,
    exception,
  });
  const rows = [
    row('089990', '089999', 'MOD10', MOD10_EXAMPLE.weights),
    row('107990', '107999', 'MOD11', MOD11_EXAMPLE.weights),
    row('202950', '202959', 'DBLAL', DBLAL_EXAMPLE.weights),
    row('202950', '202959', 'DBLAL', DBLAL_EXAMPLE.weights), // two rows: both must pass
    row('300000', '300099', 'MOD11', MOD11_EXAMPLE.weights, 5),
  ];

  it('classifies', () => {
    expect(checkBankAccountModulus({ sortCode: '08-99-99', accountNumber: '66374958', rows })).toBe('VALID');
    expect(checkBankAccountModulus({ sortCode: '089999', accountNumber: '66374959', rows })).toBe('INVALID');
    expect(checkBankAccountModulus({ sortCode: '202959', accountNumber: '63748472', rows })).toBe('VALID');
    expect(checkBankAccountModulus({ sortCode: '400000', accountNumber: '12345678', rows })).toBe('NOT_IN_TABLE');
    expect(checkBankAccountModulus({ sortCode: '300050', accountNumber: '12345678', rows })).toBe('NOT_CHECKED');
    expect(checkBankAccountModulus({ sortCode: '107999', accountNumber: '1234567890', rows })).toBe('NOT_CHECKED');
  });

  it('the rule fails only on a definite modulus failure', () => {
    expect(accountMatchesSortCode({ sortCode: '10-79-99', accountNumber: '88837491', rows })).toBeNull();
    expect(accountMatchesSortCode({ sortCode: '10-79-99', accountNumber: '88837492', rows })).toBe('Account number is not valid for this sort code');
    expect(accountMatchesSortCode({ sortCode: '400000', accountNumber: '12345678', rows })).toBeNull();
    expect(accountMatchesSortCode({ sortCode: '', accountNumber: '88837492', rows })).toBeNull();
    expect(accountMatchesSortCode({ sortCode: '10-79-99', accountNumber: '123', rows })).toBeNull();
  });

  it('standardises 6- and 7-digit account numbers with leading zeros', () => {
    expect(standardAccountNumber('123456')).toBe('00123456');
    expect(standardAccountNumber('1234567')).toBe('01234567');
    expect(standardAccountNumber('1234 5678')).toBe('12345678');
    expect(standardAccountNumber('123456789')).toBeNull();
  });
});
