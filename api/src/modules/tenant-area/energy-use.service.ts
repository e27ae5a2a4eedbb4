import { LedgerEntry, Meter, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { addDays, countsForEnergyUse, daysBetween } from '../../rules';
import { ownContract, tenantDates } from './own-contracts';

/*
 * Energy Usage Graphs: the house's consumption by month from its meter readings (estimated months marked
 * apart) against the plan's allowance, and a projection to the contract's end of the tenant's final balance —
 * their share of any excess over the allowance plus what the ledger says is still owed or in credit — so no
 * tenant meets a surprise final bill. Only for current capped plans (not UNLIMITED, §4).
 */

/** kWh in one unit a gas meter counts: cubic metres, or hundreds of cubic feet on imperial meters. */
const GAS_KWH_PER_UNIT: Record<string, number> = { METRIC: 11.2, IMPERIAL: 31.6 };
const NOT_COUNTED = ['DECLINED', 'REJECTED', 'ARCHIVED'];
/** The energy use a capped plan's allowance is sized for (Unlimited has none; a BILL contract keeps its own). */
export const PLAN_ENERGY_USE: Record<string, string> = { LITE: 'LOW', GREENSAVER: 'MEDIUM' };

export interface UsageMonth {
  month: string;
  utilityType: string;
  kwh: number;
  estimated: boolean;
  allowanceKwh: number | null;
}

/** Monthly kWh from a meter's readings: each interval's use is counted in the month of its closing read. */
export function monthlyUsage(readings: ReadonlyArray<{ readingDate: string; register: string; value: number; type: string }>, kwhPerUnit: number): Array<{ month: string; kwh: number; estimated: boolean }> {
  const byDate = new Map<string, { total: number; estimated: boolean }>();
  for (const reading of readings) {
    const day = byDate.get(reading.readingDate) ?? { total: 0, estimated: false };
    day.total += reading.value;
    day.estimated ||= reading.type.includes('ESTIMATE');
    byDate.set(reading.readingDate, day);
  }
  const dates = [...byDate.keys()].sort();
  const months = new Map<string, { kwh: number; estimated: boolean }>();
  for (let i = 1; i < dates.length; i += 1) {
    const used = (byDate.get(dates[i]!)!.total - byDate.get(dates[i - 1]!)!.total) * kwhPerUnit;
    if (used < 0) continue;
    const month = dates[i]!.slice(0, 7);
    const entry = months.get(month) ?? { kwh: 0, estimated: false };
    entry.kwh += used;
    entry.estimated ||= byDate.get(dates[i]!)!.estimated;
    months.set(month, entry);
  }
  return [...months.entries()].map(([month, entry]) => ({ month, kwh: Math.round(entry.kwh), estimated: entry.estimated }));
}

export async function tenantEnergyUse(db: Knex, userId: number, contractId?: number | null) {
  const { contract, today } = await ownContract(db, userId, contractId);
  const houseContract = contract.houseContract!;
  if (!countsForEnergyUse({ ...tenantDates(contract), billingType: houseContract.billingType, planType: houseContract.planType }, today)) {
    throw new DomainError('NOT_FOUND', 'Energy use is shown for current Lite and GreenSaver plans only');
  }
  const house = houseContract.house!;
  const energyUse = PLAN_ENERGY_USE[houseContract.planType ?? ''] ?? houseContract.energyUseType;
  const meters = await Meter.query(db)
    .where({ house_id: house.id })
    .whereIn('utility_type', ['electric', 'gas'])
    .withGraphFetched('readings(counted)')
    .modifiers({ counted: (query) => query.whereNotIn('status', NOT_COUNTED).where('reading_date', '>=', addDays(contract.startDate, -62)).orderBy('reading_date') });

  const contractDays = daysBetween(contract.startDate, contract.endDate) + 1;
  const elapsedDays = Math.max(1, Math.min(contractDays, daysBetween(contract.startDate, today) + 1));
  const months: UsageMonth[] = [];
  const utilities: Array<{ utilityType: string; usedKwh: number; projectedKwh: number; allowanceKwh: number | null; excessKwh: number; unitRatePence: number | null; excessPence: number }> = [];
  for (const utility of ['electric', 'gas']) {
    const utilityMeters = meters.filter((meter) => meter.utilityType === utility);
    if (!utilityMeters.length) continue;
    const estimate: { kwh_per_year: number } | undefined = await db('usage_estimates')
      .where({ supply_type: houseContract.supplyType, utility_type: utility, energy_use_type: energyUse, bedrooms: Math.min(Math.max(house.bedrooms, 1), 14) })
      .orderBy('estimate_type', 'desc')
      .first('kwh_per_year');
    const annual = estimate?.kwh_per_year ?? null;
    const monthly = new Map<string, { kwh: number; estimated: boolean }>();
    for (const meter of utilityMeters) {
      const perUnit = utility === 'gas' ? (GAS_KWH_PER_UNIT[meter.rateType] ?? 11.2) : 1;
      for (const entry of monthlyUsage((meter.readings ?? []).map((r) => ({ readingDate: r.readingDate, register: r.register, value: Number(r.value), type: r.type })), perUnit)) {
        const known = monthly.get(entry.month) ?? { kwh: 0, estimated: false };
        monthly.set(entry.month, { kwh: known.kwh + entry.kwh, estimated: known.estimated || entry.estimated });
      }
    }
    const inContract = [...monthly.entries()].filter(([month]) => month >= contract.startDate.slice(0, 7) && month <= today.slice(0, 7)).sort(([a], [b]) => (a < b ? -1 : 1));
    inContract.forEach(([month, entry]) => months.push({ month, utilityType: utility, kwh: entry.kwh, estimated: entry.estimated, allowanceKwh: annual === null ? null : Math.round(annual / 12) }));
    const usedKwh = inContract.reduce((sum, [, entry]) => sum + entry.kwh, 0);
    const projectedKwh = Math.round((usedKwh / elapsedDays) * contractDays);
    const allowanceKwh = annual === null ? null : Math.round((annual * contractDays) / 365);
    const excessKwh = allowanceKwh === null ? 0 : Math.max(0, projectedKwh - allowanceKwh);
    const tariff: { unit_rate: string } | undefined = await db('tariffs')
      .where({ utility_type: utility, billing_type: 'PLAN', region: house.region ?? '_C' })
      .where('valid_from', '<=', today)
      .orderBy('valid_from', 'desc')
      .first('unit_rate');
    const unitRatePence = tariff ? Number(tariff.unit_rate) : null;
    // The tenant's share of the house's excess, VAT at 5 % on domestic energy.
    const excessPence = unitRatePence === null ? 0 : Math.round((excessKwh * unitRatePence * 1.05) / Math.max(houseContract.numberOfTenants, 1));
    utilities.push({ utilityType: utility, usedKwh, projectedKwh, allowanceKwh, excessKwh, unitRatePence, excessPence });
  }
  const entries = await LedgerEntry.query(db).where({ tenant_contract_id: contract.id });
  // Charges for the whole contract (instalments ahead included) less what has been paid: what stays owed (or in credit) if every instalment is met.
  const charged = entries.filter((entry) => entry.amountPence > 0).reduce((sum, entry) => sum + entry.amountPence, 0);
  const paid = -entries.filter((entry) => entry.amountPence < 0).reduce((sum, entry) => sum + entry.amountPence, 0);
  const scheduledUnpaid = entries.filter((entry) => entry.kind === 'INSTALMENT' && entry.entryDate > today).reduce((sum, entry) => sum + entry.amountPence, 0);
  const excessPence = utilities.reduce((sum, utility) => sum + utility.excessPence, 0);
  return {
    contractId: contract.id,
    planType: houseContract.planType,
    startDate: contract.startDate,
    endDate: contract.endDate,
    months,
    utilities,
    projection: {
      excessPence,
      // After every scheduled instalment is paid: positive is a final bill, negative a credit.
      finalBalancePence: charged - scheduledUnpaid - paid + excessPence,
      outstandingNowPence: charged - scheduledUnpaid - paid,
    },
  };
}
