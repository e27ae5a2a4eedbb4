/**
 * Every reason code of the four Bacs reports a Direct Debit service user receives, each with what the product
 * does about it. `payment`: FAIL a submitted collection, REVERSE a settled one (indemnity claim: the money is
 * taken back), or leave it. `mandate`: KEEP, CANCEL, UPDATE (new bank details from the advice), REINSTATE,
 * or REJECT (AUDDIS: the lodgement never became active). `represent`: the collection may go again as a
 * re-presentation (code 18) on the next cycle. `review`: a member of staff must look (put in the failed
 * collections' review list: contact the payer, dispute a claim).
 */
export interface ReasonAction {
  description: string;
  payment: 'FAIL' | 'REVERSE' | null;
  mandate: 'KEEP' | 'CANCEL' | 'UPDATE' | 'REINSTATE' | 'REJECT';
  represent: boolean;
  review: boolean;
}

const act = (description: string, payment: ReasonAction['payment'], mandate: ReasonAction['mandate'], represent = false, review = false): ReasonAction => ({
  description,
  payment,
  mandate,
  represent,
  review,
});

/** ARUDD: Automated Return of Unpaid Direct Debits. */
export const ARUDD_REASONS: Record<string, ReasonAction> = {
  '0': act('Refer to payer (usually insufficient funds)', 'FAIL', 'KEEP', true),
  '1': act('Instruction cancelled', 'FAIL', 'CANCEL'),
  '2': act('Payer deceased', 'FAIL', 'CANCEL', false, true),
  '3': act('Account transferred', 'FAIL', 'CANCEL', false, true),
  '4': act('Advance notice disputed', 'FAIL', 'KEEP', false, true),
  '5': act('No account (or wrong account type)', 'FAIL', 'CANCEL'),
  '6': act('No instruction', 'FAIL', 'CANCEL'),
  '7': act('Amount differs', 'FAIL', 'KEEP', false, true),
  '8': act('Amount not yet due', 'FAIL', 'KEEP', false, true),
  '9': act('Presentation overdue', 'FAIL', 'KEEP', false, true),
  A: act('Service user differs', 'FAIL', 'CANCEL', false, true),
  B: act('Account closed', 'FAIL', 'CANCEL'),
};

/** ADDACS: Automated Direct Debit Amendment and Cancellation Service (mandates changed by the paying bank). */
export const ADDACS_REASONS: Record<string, ReasonAction> = {
  '0': act('Instruction cancelled, refer to payer', null, 'CANCEL', false, true),
  '1': act('Instruction cancelled by payer', null, 'CANCEL'),
  '2': act('Payer deceased', null, 'CANCEL', false, true),
  '3': act('Account transferred to a new bank or building society', null, 'UPDATE'),
  B: act('Account closed', null, 'CANCEL'),
  C: act('Account transferred to a new branch', null, 'UPDATE'),
  D: act('Advance notice disputed', null, 'KEEP', false, true),
  E: act('Instruction amended', null, 'UPDATE'),
  R: act('Instruction re-instated', null, 'REINSTATE'),
};

/** AUDDIS rejections: lodgements (0N) the paying bank refused. */
export const AUDDIS_REASONS: Record<string, ReasonAction> = {
  '1': act('Instruction cancelled by payer', null, 'REJECT'),
  '2': act('Payer deceased', null, 'REJECT', false, true),
  '3': act('Account transferred', null, 'REJECT', false, true),
  '5': act('No account', null, 'REJECT', false, true),
  '6': act('No instruction', null, 'REJECT'),
  B: act('Account closed', null, 'REJECT', false, true),
  C: act('Account transferred to a new branch', null, 'REJECT', false, true),
  F: act('Invalid account type', null, 'REJECT', false, true),
  G: act('Bank will not accept Direct Debits on this account', null, 'REJECT', false, true),
  H: act('Instruction has expired', null, 'REJECT'),
  I: act('Payer reference is not unique', null, 'REJECT', false, true),
  K: act('Instruction cancelled by paying bank', null, 'REJECT'),
  L: act("Incorrect payer's account details", null, 'REJECT', false, true),
  M: act('Transaction code or user status incompatible', null, 'REJECT', false, true),
  N: act("Transaction disallowed at payer's branch", null, 'REJECT', false, true),
  O: act('Invalid reference', null, 'REJECT', false, true),
  P: act("Payer's name not present", null, 'REJECT', false, true),
  Q: act("Service user's name is blank", null, 'REJECT', false, true),
};

/** DDICA: Direct Debit Indemnity Claim Advice (the payer claimed under the Direct Debit Guarantee). */
export const DDICA_REASONS: Record<string, ReasonAction> = {
  '1': act('Amount or date differs from the advance notice', 'REVERSE', 'KEEP', false, true),
  '2': act('No advance notice received', 'REVERSE', 'KEEP', false, true),
  '3': act('Instruction cancelled by the paying bank', 'REVERSE', 'CANCEL'),
  '4': act('Payer cancelled the instruction with the service user', 'REVERSE', 'CANCEL', false, true),
  '5': act('No instruction held', 'REVERSE', 'CANCEL', false, true),
  '6': act('Signature fraudulent or not the account holder', 'REVERSE', 'CANCEL', false, true),
  '7': act("Claim raised at the service user's request", 'REVERSE', 'KEEP'),
  '8': act("Service user's name disputed", 'REVERSE', 'KEEP', false, true),
};

export type ReportKind = 'ARUDD' | 'ADDACS' | 'AUDDIS' | 'DDICA';

export const REASONS_BY_REPORT: Record<ReportKind, Record<string, ReasonAction>> = {
  ARUDD: ARUDD_REASONS,
  ADDACS: ADDACS_REASONS,
  AUDDIS: AUDDIS_REASONS,
  DDICA: DDICA_REASONS,
};

/** An unknown code (Bacs adds codes now and then) is never dropped: the payment fails and staff look. */
export function reasonAction(report: ReportKind, code: string): ReasonAction {
  return (
    REASONS_BY_REPORT[report][code.trim().toUpperCase()] ??
    act(`Unknown ${report} reason code ${code}`, report === 'DDICA' ? 'REVERSE' : report === 'ARUDD' ? 'FAIL' : null, report === 'AUDDIS' ? 'REJECT' : 'KEEP', false, true)
  );
}
