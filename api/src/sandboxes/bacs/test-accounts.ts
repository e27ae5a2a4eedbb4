/**
 * The sandbox bureau's test bank accounts, as a card provider has test cards: sort code 10-88-00 (the sort
 * code Stripe documents for Bacs Direct Debit tests) with these account numbers, each passing Vocalink's
 * modulus check, makes the paying bank answer a mandate lodgement as a real one may. Any other bank details
 * are lodged without a word; their debits fail or succeed by the pence of the amount (see sandbox-bureau.ts).
 */
export const SANDBOX_SORT_CODE = '108800';

export interface SandboxAccountBehaviour {
  /** What a tester reads in the README and the sandbox's start-up line. */
  description: string;
  /** AUDDIS rejection of the lodgement (0N), on its processing day: the mandate never becomes active. */
  auddis?: string;
  /** ADDACS from the paying bank the working day after the mandate becomes active. */
  addacs?: { reasonCode: string; newSortCode?: string; newAccountNumber?: string };
}

export const SANDBOX_ACCOUNTS: Readonly<Record<string, SandboxAccountBehaviour>> = {
  '12345628': { description: 'lodged and active; collections paid' },
  '33333335': { description: 'lodgement rejected by the paying bank (AUDDIS B, account closed)', auddis: 'B' },
  '55555551': { description: 'payer cancels the instruction at their bank after it is active (ADDACS 1)', addacs: { reasonCode: '1' } },
  '66666619': { description: 'account moved to a new bank after it is active (ADDACS 3: new details 10-88-00 12345628)', addacs: { reasonCode: '3', newSortCode: SANDBOX_SORT_CODE, newAccountNumber: '12345628' } },
};

export function sandboxAccount(sortCode: string, accountNumber: string): SandboxAccountBehaviour | null {
  return sortCode === SANDBOX_SORT_CODE ? (SANDBOX_ACCOUNTS[accountNumber] ?? null) : null;
}
