import { checkBankDetails } from './modulus';

/*
 * Vocalink's published test cases ("Validating account numbers — UK modulus checking", chapter 3, tests 1–34):
 * sort code, account number and whether the pair is valid. They exercise MOD10, MOD11 and DBLAL and the
 * exception rules (1–14), including the substitution table (exception 5) and the Coutts rule (exception 14).
 */
const VOCALINK_CASES: Array<[number, string, string, boolean]> = [
  [1, '089999', '66374958', true],
  [2, '107999', '88837491', true],
  [3, '202959', '63748472', true],
  [4, '871427', '46238510', true],
  [5, '872427', '46238510', true],
  [6, '871427', '09123496', true],
  [7, '871427', '99123496', true],
  [8, '820000', '73688637', true],
  [9, '827999', '73988638', true],
  [10, '827101', '28748352', true],
  [11, '134020', '63849203', true],
  [12, '118765', '64371389', true],
  [13, '200915', '41011166', true],
  [14, '938611', '07806039', true],
  [15, '938600', '42368003', true],
  [16, '938063', '55065200', true],
  [17, '772798', '99345694', true],
  [18, '086090', '06774744', true],
  [19, '309070', '02355688', true],
  [20, '309070', '12345668', true],
  [21, '309070', '12345677', true],
  [22, '309070', '99345694', true],
  [23, '938063', '15764273', false],
  [24, '938063', '15764264', false],
  [25, '938063', '15763217', false],
  [26, '118765', '64371388', false],
  [27, '203099', '66831036', false],
  [28, '203099', '58716970', false],
  [29, '089999', '66374959', false],
  [30, '107999', '88837493', false],
  [31, '074456', '12345112', true],
  [32, '070116', '34012583', true],
  [33, '074456', '11104102', true],
  [34, '180002', '00000190', true],
];

describe('checkBankDetails against Vocalink test cases', () => {
  it.each(VOCALINK_CASES)('test %i: %s %s valid=%p', (_n, code, account, valid) => {
    const result = checkBankDetails(code, account);
    expect(result.valid).toBe(valid);
    expect(result.reason).toBe(valid ? null : 'Account number is not valid for this sort code');
  });
});

describe('checkBankDetails on what payers type', () => {
  it('accepts dashes and spaces', () => {
    expect(checkBankDetails('08-99-99', '6637 4958')).toEqual({ valid: true, reason: null, field: null });
  });
  it('standardises a 7-digit account number with a leading zero (Vocalink test 6 typed without its zero)', () => {
    expect(checkBankDetails('871427', '9123496').valid).toBe(true);
  });
  it('names the field and the spec message for malformed input', () => {
    expect(checkBankDetails('', '66374958')).toEqual({ valid: false, reason: 'Sort code must be 6 digits', field: 'sortCode' });
    expect(checkBankDetails('12-34-5', '66374958')).toEqual({ valid: false, reason: 'Sort code must be 6 digits', field: 'sortCode' });
    expect(checkBankDetails('00-00-00', '66374958')).toEqual({ valid: false, reason: 'Sort code cannot be 00-00-00', field: 'sortCode' });
    expect(checkBankDetails('089999', '12345')).toEqual({ valid: false, reason: 'Account number must be 6 to 10 digits', field: 'accountNumber' });
    expect(checkBankDetails('089999', '')).toEqual({ valid: false, reason: 'Account number must be 6 to 10 digits', field: 'accountNumber' });
  });
});
