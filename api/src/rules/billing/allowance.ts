/**
 * The PLAN final statement at contract end. Actual usage (from meter reads, estimated where a read is
 * missing) is compared with the plan's annual energy allowance per utility: usage above the allowance is
 * charged at the tariff's unit rate plus VAT (one rounding per line, as on any statement line). Unused
 * allowance is not refunded: the plan is a fixed price. UNLIMITED has no allowance and never an excess.
 * The balance then compares what the tenant contract was charged (instalments, plus the excess) with what
 * was paid: a positive balance is owed, a negative one is a credit to refund.
 */
import { type PLAN_TYPES } from '../value-sets';
import { BILLING_MESSAGES, BillingError } from './errors';
import { type DecimalInput, compareExact, multiplyExact, subtractExact, toDecimalString, toRatio } from './exact';
import { assertPence, sumPence } from './money';
import { type Utility, lineAmounts, parseRate } from './statement-lines';

export type PlanType = (typeof PLAN_TYPES)[number];

export interface AllowanceUsage {
  utility: Utility;
  /** kWh for the contract; null for UNLIMITED. */
  allowanceKwh: DecimalInput | null;
  usedKwh: DecimalInput;
  /** The tariff's unit rate, pence per kWh (up to 4 decimals). */
  unitRate: DecimalInput;
  vatRateBp: number;
  estimated?: boolean;
}

export interface ExcessLine {
  utility: Utility;
  allowanceKwh: string | null;
  usedKwh: string;
  excessKwh: string;
  estimated: boolean;
  netPence: number;
  vatRateBp: number;
  vatPence: number;
  totalPence: number;
}

export interface FinalStatementInput {
  planType: PlanType;
  utilities: readonly AllowanceUsage[];
  /** What the contract has paid so far (pence). */
  paidPence: number;
  /** What the contract has been charged so far, before this statement (pence). */
  chargedPence: number;
}

export interface FinalStatement {
  planType: PlanType;
  lines: ExcessLine[];
  excessNetPence: number;
  excessVatPence: number;
  excessPence: number;
  /** chargedPence + excessPence − paidPence. */
  balancePence: number;
  /** max(balance, 0): to collect. */
  amountDuePence: number;
  /** max(−balance, 0): to refund. */
  creditPence: number;
}

export function finalStatement(input: FinalStatementInput): FinalStatement {
  const { planType, paidPence, chargedPence } = input;
  assertPence(paidPence, 'paidPence');
  assertPence(chargedPence, 'chargedPence');
  const lines = input.utilities.map((usage): ExcessLine => {
    const used = toRatio(usage.usedKwh);
    if (compareExact(used, 0) < 0) throw new RangeError(`usedKwh must not be negative: ${usage.usedKwh}`);
    const unitRate = parseRate(usage.unitRate, 'unitRate');
    if (planType === 'UNLIMITED' && usage.allowanceKwh !== null) throw new BillingError('ALLOWANCE_NOT_ALLOWED', BILLING_MESSAGES.allowanceNotAllowed);
    if (planType !== 'UNLIMITED' && usage.allowanceKwh === null) throw new BillingError('ALLOWANCE_MISSING', BILLING_MESSAGES.allowanceMissing);
    const allowance = usage.allowanceKwh === null ? null : toRatio(usage.allowanceKwh);
    if (allowance && compareExact(allowance, 0) < 0) throw new RangeError(`allowanceKwh must not be negative: ${usage.allowanceKwh}`);
    const over = allowance === null ? toRatio(0) : subtractExact(used, allowance);
    const excess = compareExact(over, 0) > 0 ? over : toRatio(0);
    return {
      utility: usage.utility,
      allowanceKwh: allowance === null ? null : toDecimalString(allowance, 4),
      usedKwh: toDecimalString(used, 4),
      excessKwh: toDecimalString(excess, 4),
      estimated: usage.estimated ?? false,
      ...lineAmounts(multiplyExact(excess, unitRate), usage.vatRateBp),
    };
  });
  const excessPence = sumPence(lines.map((line) => line.totalPence));
  const balancePence = chargedPence + excessPence - paidPence;
  return {
    planType,
    lines,
    excessNetPence: sumPence(lines.map((line) => line.netPence)),
    excessVatPence: sumPence(lines.map((line) => line.vatPence)),
    excessPence,
    balancePence,
    amountDuePence: Math.max(balancePence, 0),
    creditPence: Math.max(-balancePence, 0),
  };
}
