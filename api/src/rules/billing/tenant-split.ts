/**
 * Splitting a house statement into tenant statements (customers sharing). Split liability: each tenant owes
 * only their own share, weighted by tenant-days (the days their contract was active within the period);
 * a tenant who leaves never passes their share, or their debt, to housemates. The shares always add up to
 * the house amount to the penny (largest remainder); with lines, a penny tied between tenants goes to the
 * one who has had the fewest spare pennies so far on the statement (then the one listed first), so tenants
 * with identical dates never differ by more than a penny over the statement; a tenant whose
 * contract does not touch the period gets nothing. Days with no tenant at all are reported as
 * `uncoveredDays`: the house amount is still shared by the tenant-days that exist.
 */
import { type LineAmounts } from './statement-lines';
import { allocateByWeights, assertPence, sumPence } from './money';
import { type BillingPeriod, overlapDays, periodDays } from './periods';

export interface TenantPeriod {
  id: string;
  startDate: string;
  endDate: string;
}

export interface TenantLineShare {
  netPence: number;
  vatPence: number;
  totalPence: number;
}

export interface TenantShare {
  id: string;
  /** Days the tenant's contract was active in the period. */
  days: number;
  sharePence: number;
  /** With `lines`: the tenant's share of each line, in the order given (net and VAT split separately). */
  lines?: TenantLineShare[];
}

export type SplitByTenantDaysInput = {
  periodStart: string;
  periodEnd: string;
  tenants: readonly TenantPeriod[];
} & ({ totalPence: number; lines?: undefined } | { lines: readonly LineAmounts[]; totalPence?: undefined });

export interface TenantSplit {
  periodDays: number;
  tenantDays: number;
  uncoveredDays: number;
  shares: TenantShare[];
}

function countUncoveredDays(period: BillingPeriod, tenants: readonly TenantPeriod[]): number {
  const ranges = tenants
    .map((tenant) => ({ start: tenant.startDate > period.start ? tenant.startDate : period.start, end: tenant.endDate < period.end ? tenant.endDate : period.end }))
    .filter((range) => range.start <= range.end)
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  let covered = 0;
  let current: BillingPeriod | null = null;
  for (const range of ranges) {
    if (current && range.start <= current.end) {
      if (range.end > current.end) current.end = range.end;
    } else {
      if (current) covered += periodDays(current.start, current.end);
      current = { ...range };
    }
  }
  if (current) covered += periodDays(current.start, current.end);
  return periodDays(period.start, period.end) - covered;
}

export function splitByTenantDays(input: SplitByTenantDaysInput): TenantSplit {
  const period = { start: input.periodStart, end: input.periodEnd };
  const days = periodDays(period.start, period.end);
  const ids = new Set(input.tenants.map((tenant) => tenant.id));
  if (ids.size !== input.tenants.length) throw new RangeError('Each tenant may appear once');
  const weights = input.tenants.map((tenant) => overlapDays(period, { start: tenant.startDate, end: tenant.endDate }));
  const tenantDays = weights.reduce((sum, weight) => sum + weight, 0);
  if (tenantDays === 0) throw new RangeError(`No tenant contract is active between ${period.start} and ${period.end}`);
  const base = { periodDays: days, tenantDays, uncoveredDays: countUncoveredDays(period, input.tenants) };

  if (input.lines === undefined) {
    assertPence(input.totalPence, 'totalPence');
    const shares = allocateByWeights(input.totalPence, weights);
    return { ...base, shares: input.tenants.map((tenant, index) => ({ id: tenant.id, days: weights[index]!, sharePence: shares[index]! })) };
  }

  // Pennies each tenant has been charged above their exact share so far: a tied penny of a charge goes to
  // whoever has been charged fewest extra, a tied penny of a credit to whoever has been charged most.
  const chargedExtra = weights.map(() => 0);
  const fairly = (amount: number) => {
    const sign = amount < 0 ? -1 : 1;
    const parts = allocateByWeights(amount, weights, chargedExtra.map((extra) => sign * extra));
    parts.forEach((part, index) => {
      const exactFloor = Math.floor((Math.abs(amount) * weights[index]!) / tenantDays);
      chargedExtra[index]! += sign * (Math.abs(part) - exactFloor);
    });
    return parts;
  };
  const perLine = input.lines.map((line) => {
    const net = fairly(line.netPence);
    const vat = fairly(line.vatPence);
    return net.map((netPence, index) => ({ netPence, vatPence: vat[index]!, totalPence: netPence + vat[index]! }));
  });
  return {
    ...base,
    shares: input.tenants.map((tenant, index) => {
      const lines = perLine.map((line) => line[index]!);
      return { id: tenant.id, days: weights[index]!, sharePence: sumPence(lines.map((line) => line.totalPence)), lines };
    }),
  };
}
