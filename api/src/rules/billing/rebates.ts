/**
 * Government rebates passed on to tenants. The Energy Bills Support Scheme paid £400 per household for
 * October 2022 to March 2023: £66 in October and November 2022 and £67 a month December to March. A
 * reseller passes each month's instalment to the tenants who lived there that month, split by tenant-days
 * in the month (see `tenant-split.ts`), pennies exact. The schedule is data: pass another one for another
 * scheme; the default is only the 2022–23 scheme.
 *
 * Methods: DIRECT_PAYMENT pays the share to the tenant; ADDITIONAL_TRANSACTION credits it to the tenant's
 * ledger (an additional CREDIT transaction); COMBINED credits the ledger up to the tenant's outstanding
 * debt first and pays the rest directly.
 */
import { daysInMonth } from '../validation/calendar';
import { type GOVERNMENT_REBATE_METHODS } from '../value-sets';
import { assertPence } from './money';
import { type TenantPeriod, splitByTenantDays } from './tenant-split';

export type GovernmentRebateMethod = (typeof GOVERNMENT_REBATE_METHODS)[number];

export interface RebateInstalment {
  /** 'YYYY-MM'. */
  month: string;
  amountPence: number;
}

export const ENERGY_BILLS_SUPPORT_SCHEME: readonly RebateInstalment[] = [
  { month: '2022-10', amountPence: 6600 },
  { month: '2022-11', amountPence: 6600 },
  { month: '2022-12', amountPence: 6700 },
  { month: '2023-01', amountPence: 6700 },
  { month: '2023-02', amountPence: 6700 },
  { month: '2023-03', amountPence: 6700 },
];

export interface RebateTenant extends TenantPeriod {
  /** Outstanding debt in pence before the rebate (used by COMBINED). */
  debtPence?: number;
}

export interface RebatePayment {
  tenantId: string;
  month: string;
  amountPence: number;
  /** Paid to the tenant. */
  directPaymentPence: number;
  /** Credited to the tenant's ledger. */
  additionalTransactionPence: number;
}

export interface RebateSplitInput {
  tenants: readonly RebateTenant[];
  method: GovernmentRebateMethod;
  schedule?: readonly RebateInstalment[];
}

/** One payment per tenant and month the tenant lived there; months with no tenant pay nothing. */
export function splitRebate(input: RebateSplitInput): RebatePayment[] {
  const { tenants, method, schedule = ENERGY_BILLS_SUPPORT_SCHEME } = input;
  const debt = new Map(tenants.map((tenant) => [tenant.id, tenant.debtPence ?? 0]));
  for (const [id, amount] of debt) {
    assertPence(amount, `debtPence of ${id}`);
    if (amount < 0) throw new RangeError(`debtPence must not be negative: ${id}`);
  }
  const payments: RebatePayment[] = [];
  for (const { month, amountPence } of schedule) {
    assertPence(amountPence, `rebate for ${month}`);
    const year = Number(month.slice(0, 4));
    const monthNumber = Number(month.slice(5, 7));
    const periodStart = `${month}-01`;
    const periodEnd = `${month}-${String(daysInMonth(year, monthNumber)).padStart(2, '0')}`;
    const present = tenants.filter((tenant) => tenant.startDate <= periodEnd && tenant.endDate >= periodStart);
    if (present.length === 0) continue;
    const { shares } = splitByTenantDays({ periodStart, periodEnd, tenants: present, totalPence: amountPence });
    for (const share of shares) {
      const owed = debt.get(share.id) ?? 0;
      const toLedger = method === 'ADDITIONAL_TRANSACTION' ? share.sharePence : method === 'COMBINED' ? Math.min(owed, share.sharePence) : 0;
      debt.set(share.id, Math.max(owed - toLedger, 0));
      payments.push({ tenantId: share.id, month, amountPence: share.sharePence, directPaymentPence: share.sharePence - toLedger, additionalTransactionPence: toLedger });
    }
  }
  return payments;
}

/** Each tenant's rebate over the whole schedule. */
export function rebateTotals(payments: readonly RebatePayment[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const payment of payments) totals.set(payment.tenantId, (totals.get(payment.tenantId) ?? 0) + payment.amountPence);
  return totals;
}
