/** Bacs transaction codes of a Direct Debit service user (Standard 18, positions 16–17). */
export const TRANSACTION_CODES = {
  /** First collection under a new mandate. */
  FIRST: '01',
  /** Regular collection. */
  REGULAR: '17',
  /** Re-presentation of a returned collection (ARUDD "refer to payer"). */
  REPRESENTED: '18',
  /** Final collection: the mandate ends after it. */
  FINAL: '19',
  /** AUDDIS: new instruction (mandate lodgement). */
  NEW_INSTRUCTION: '0N',
  /** AUDDIS: cancel instruction. */
  CANCEL_INSTRUCTION: '0C',
  /** Contra: the credit to the service user's own account balancing a day's debits. */
  CONTRA: '99',
} as const;

export type CollectionKind = 'FIRST' | 'REGULAR' | 'REPRESENTED' | 'FINAL';
