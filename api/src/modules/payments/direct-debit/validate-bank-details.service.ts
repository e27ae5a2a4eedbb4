import type { Knex } from '@app/db';
import { consumeAttempt } from '../../../auth/rate-limit';
import { checkBankDetails } from '../bacs/modulus';

/**
 * Anonymous callers (the sign-up form) may ask, so each IP address gets a bounded number of checks: enough for
 * a payer correcting a typo many times, too few to walk sort codes for valid accounts.
 */
export const BANK_DETAILS_CHECK_LIMIT = { limit: 30, windowMinutes: 15 } as const;

export async function validateBankDetails(db: Knex, input: { sortCode: string; accountNumber: string }, ip: string | null) {
  await consumeAttempt(db, { key: `bank-details:ip:${ip ?? 'unknown'}`, ...BANK_DETAILS_CHECK_LIMIT });
  const { valid, reason } = checkBankDetails(input.sortCode, input.accountNumber);
  return { valid, reason };
}
