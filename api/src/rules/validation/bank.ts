/**
 * Bank detail rules of the specification §5: sort code, account number, paper direct-debit reference, and the
 * Vocalink modulus checks that tell whether an account number is consistent with its sort code.
 *
 * The modulus checks need Vocalink's weight table (valacdos.txt, one row per sort-code range) and, for the
 * exception codes, its substitution table (scsubtab.txt). Neither is in this repository: the algorithms here
 * take the table rows as input (`VocalinkWeightTableRow`), and the caller loads the published table.
 */
import { isBlank, type RuleResult } from './common';

export const BANK_MESSAGES = {
  sortCode: 'Sort code must be 6 digits',
  sortCodeZeros: 'Sort code cannot be 00-00-00',
  accountNumber: 'Account number must be 6 to 10 digits',
  accountInconsistent: 'Account number is not valid for this sort code',
  paperReference: 'Reference must be seven digits, the letter C and two digits (0000000C00)',
  /** Spec §8, reported by the data layer when a paper direct-debit reference is already used. */
  referenceExists: 'Reference exists.',
} as const;

/** Digits of a sort code or account number typed with spaces or dashes ("12-34-56", "12 34 56"), else null. */
function bankDigits(value: unknown): string | null {
  const text = String(value).trim();
  return /^[0-9][0-9 -]*$/.test(text) ? text.replace(/[ -]/g, '') : null;
}

/** Sort code: 6 digits (spaces and dashes allowed in the input), not 000000. */
export function sortCode(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  const digits = bankDigits(value);
  if (digits === null || digits.length !== 6) return BANK_MESSAGES.sortCode;
  return digits === '000000' ? BANK_MESSAGES.sortCodeZeros : null;
}

/** The stored form of a sort code: its 6 digits (the column holds 6). */
export function normaliseSortCode(value: string): string | null {
  return bankDigits(value);
}

/** Account number: 6 to 10 digits (spaces and dashes allowed in the input). */
export function accountNumber(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  const digits = bankDigits(value);
  return digits !== null && digits.length >= 6 && digits.length <= 10 ? null : BANK_MESSAGES.accountNumber;
}

/**
 * Paper direct-debit reference: exactly seven digits, an upper-case C, two digits ("1234567C01"). Uniqueness
 * is a database concern (a unique index; the data layer reports `BANK_MESSAGES.referenceExists`).
 */
export function paperDirectDebitReference(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return /^\d{7}C\d{2}$/.test(String(value).trim()) ? null : BANK_MESSAGES.paperReference;
}

export type ModulusMethod = 'MOD10' | 'MOD11' | 'DBLAL';

/**
 * One row of Vocalink's modulus weight table (valacdos.txt): a sort-code range, the method, the 14 weights
 * applied to the digits u v w x y z (sort code) a b c d e f g h (account number), and the exception code
 * (blank in the file: null). A sort code can be covered by up to two rows; both checks then apply.
 */
export interface VocalinkWeightTableRow {
  sortCodeFrom: string; // 6 digits
  sortCodeTo: string; // 6 digits, inclusive
  method: ModulusMethod;
  weights: readonly number[]; // 14 weights, u v w x y z a b c d e f g h
  exception: number | null;
}

/**
 * The standard check of one method, without exception handling: the 14 digits sort code + account number
 * are multiplied by the weights; MOD10 and MOD11 need the total to divide by 10 / 11; DBLAL adds the digits of
 * each product (14 counts 1 + 4) and needs the total to divide by 10. `account` must be the 8-digit standard
 * form (see `standardAccountNumber`).
 */
export function modulusCheck({
  method,
  weights,
  sortCode: code,
  account,
}: {
  method: ModulusMethod;
  weights: readonly number[];
  sortCode: string;
  account: string;
}): boolean {
  const digits = `${code}${account}`;
  if (!/^\d{14}$/.test(digits)) throw new RangeError('A modulus check needs a 6-digit sort code and an 8-digit account number');
  if (weights.length !== 14) throw new RangeError('A modulus check needs 14 weights');
  const products = Array.from(digits, (digit, index) => Number(digit) * weights[index]!);
  if (method === 'DBLAL') {
    const total = products.reduce((sum, product) => sum + Array.from(String(Math.abs(product))).reduce((s, d) => s + Number(d), 0), 0);
    return total % 10 === 0;
  }
  const total = products.reduce((sum, product) => sum + product, 0);
  return total % (method === 'MOD10' ? 10 : 11) === 0;
}

/**
 * The 8-digit form the modulus checks use, for 6- and 7-digit account numbers (zero-padded on the left, as
 * Vocalink's standardisation rules say) and 8-digit ones. Null for 9- and 10-digit numbers, whose translation
 * depends on the bank and is not implemented here.
 */
export function standardAccountNumber(account: string): string | null {
  const digits = bankDigits(account);
  if (digits === null || digits.length < 6 || digits.length > 8) return null;
  return digits.padStart(8, '0');
}

export type ModulusOutcome = 'VALID' | 'INVALID' | 'NOT_IN_TABLE' | 'NOT_CHECKED';

/**
 * Checks sort code + account number against the weight table rows (the whole table or the rows already
 * selected for this sort code). VALID when every row covering the sort code passes; INVALID when one fails;
 * NOT_IN_TABLE when no row covers it (Vocalink: such accounts are assumed valid); NOT_CHECKED when a row has an
 * exception code (exception processing is not implemented) or the account number cannot be standardised.
 */
export function checkBankAccountModulus({
  sortCode: code,
  accountNumber: account,
  rows,
}: {
  sortCode: string;
  accountNumber: string;
  rows: readonly VocalinkWeightTableRow[];
}): ModulusOutcome {
  const digits = bankDigits(code);
  const standard = standardAccountNumber(account);
  if (digits === null || digits.length !== 6) throw new RangeError('A modulus check needs a 6-digit sort code');
  const matching = rows.filter((row) => row.sortCodeFrom <= digits && digits <= row.sortCodeTo);
  if (matching.length === 0) return 'NOT_IN_TABLE';
  if (standard === null || matching.some((row) => row.exception !== null)) return 'NOT_CHECKED';
  return matching.every((row) => modulusCheck({ method: row.method, weights: row.weights, sortCode: digits, account: standard })) ? 'VALID' : 'INVALID';
}

/**
 * Rule: the account number is consistent with the sort code. Passes when either is empty or malformed (their
 * own rules report that) and when the table cannot decide (not in the table, or not checked); fails only on a
 * definite modulus failure.
 */
export function accountMatchesSortCode({
  sortCode: code,
  accountNumber: account,
  rows,
}: {
  sortCode: unknown;
  accountNumber: unknown;
  rows: readonly VocalinkWeightTableRow[];
}): RuleResult {
  if (isBlank(code) || isBlank(account) || sortCode(code) !== null || accountNumber(account) !== null) return null;
  return checkBankAccountModulus({ sortCode: String(code), accountNumber: String(account), rows }) === 'INVALID' ? BANK_MESSAGES.accountInconsistent : null;
}
