/**
 * Typed errors of the billing maths. Input mistakes a person can make (a closing read below the opening
 * read, no date to estimate a read at) are `BillingError`s with a stable `code` and the text to show;
 * programming errors (a malformed date, a negative number of parts) stay `RangeError`s.
 */

/** Texts of the specification §8 ("Billing and quotes") that these rules raise. */
export const BILLING_MESSAGES = {
  estimatedReadCannotBeGenerated: 'estimated read cannot be generated',
  selectDateToEstimateRead: 'select a date to estimate a read',
  closingReadBelowOpeningRead: 'The closing read is lower than the opening read: check the reads or record a meter change.',
  allowanceMissing: 'This plan needs an energy allowance.',
  allowanceNotAllowed: 'An UNLIMITED plan has no energy allowance.',
} as const;

export type BillingErrorCode =
  | 'CLOSING_READ_BELOW_OPENING_READ'
  | 'ESTIMATED_READ_CANNOT_BE_GENERATED'
  | 'SELECT_DATE_TO_ESTIMATE_READ'
  | 'ALLOWANCE_MISSING'
  | 'ALLOWANCE_NOT_ALLOWED';

export class BillingError extends Error {
  override readonly name: string = 'BillingError';

  constructor(
    readonly code: BillingErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A meter read that cannot be billed as it is (closing below opening without a meter change). */
export class MeterReadError extends BillingError {
  override readonly name = 'MeterReadError';
}

/** An estimated read that cannot be produced: no date, or not enough reads or usage data. */
export class EstimateReadError extends BillingError {
  override readonly name = 'EstimateReadError';
}
