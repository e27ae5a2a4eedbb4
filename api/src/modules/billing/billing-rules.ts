import type { BILLING_STATUSES } from '../../rules';

export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** VAT on domestic energy (basis points): electricity and gas supplied to a home are charged 5%. */
export const DOMESTIC_ENERGY_VAT_BP = 500;
/** A statement is due within 14 days of its issue (pay on receipt or card bills, specification §9). */
export const STATEMENT_DUE_DAYS = 14;
/** A read counts as the opening (closing) read when dated in the 7 days up to the first (last) billed day. */
export const READ_WINDOW_DAYS = 7;
/** Reads that are never billed. */
export const UNUSABLE_READING_STATUSES = ['DECLINED', 'REJECTED', 'ARCHIVED', 'DISPUTE', 'METER_ISSUE'];
/** Tenant contracts that never share a statement (not signed yet). */
export const UNBILLED_TENANT_CONTRACT_STATUSES = ['PENDING'];
/** Houses enqueued per transaction when a run fans out. */
export const FAN_OUT_BATCH_SIZE = 500;

/** Texts the billing services report (the specification's §8 wording where it has one). */
export const BILLING_RUN_MESSAGES = {
  onlyOneAutomationPerDay: 'Only one automation per day',
  alreadyScheduledForPeriod: 'Already scheduled for the period',
  meterNotFound: 'Meter not found',
  meterRateType: 'The meter rate type cannot be billed',
  prepaymentOnly: 'Only prepayment meters: nothing to bill by statement',
  tariffNotFound: 'Tariff not found',
  noTenants: 'No tenant contract is active in the period',
  notBillType: 'The house contract is not billed by meter readings (billing type PLAN)',
  notInPeriod: 'The house contract does not cover the period',
  tenantAlreadyBilled: 'A tenant already has a statement for the period',
  periodOrder: 'The period must end on or after its start',
} as const;

/** Why a house cannot be billed, as the billing status it leaves the house contract in. */
export class NotBillable extends Error {
  override readonly name = 'NotBillable';

  constructor(
    readonly billingStatus: BillingStatus,
    message: string,
  ) {
    super(message);
  }
}
