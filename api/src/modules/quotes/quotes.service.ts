import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError } from '../../errors/domain-error';
import { ELECTRICITY_REGION_NAMES, QUOTE_MESSAGES, QuoteDataError, calculateQuote, checkQuoteInput, energyOfSupplyType, type CheckedQuote, type QuoteInput, type QuotePrice, type QuoteResult, type QuoteTariff } from '../../rules/quote';
import { resourceSpec } from '../../rules';
import { toRecord } from '../records/record-mapping';
import type { RecordValues } from '../records/record-rules';
import { requireGroup } from '../records/record-scope';
import { readSystemCurrentDate } from '../settings/read-current-date.service';

export interface QuoteRequestContext {
  db: Knex;
  user: AuthUser;
  groupId: number | null;
}

/** The quote as the API returns it: the checked input, where, and the priced result. */
export type Quote = Omit<CheckedQuote, 'services'> & { services: string[]; regionName: string } & QuoteResult;

interface TariffRow {
  id: number;
  name: string;
  utility_type: 'electric' | 'gas';
  valid_from: string | Date;
  valid_to: string | Date | null;
  rate_type: string;
  unit_rate: string;
  night_unit_rate: string | null;
  standing_charge: string;
}

/** A DATE column as 'YYYY-MM-DD' whichever way the driver hands it over. */
function isoDate(value: string | Date): string {
  if (typeof value === 'string') return value.slice(0, 10);
  return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
}

/**
 * Reads what the quote needs: the region's tariffs overlapping the contract, usage estimates, margin, prices.
 * None of it depends on the plan type, so one read prices every plan of a comparison.
 */
export async function loadQuoteData(db: Knex, quote: CheckedQuote) {
  const utilities = energyOfSupplyType(quote.supplyType).filter((utility) => quote.services.includes(utility));
  // Four independent reads, side by side: the quote waits for the slowest, not for their sum.
  const [tariffRows, estimates, margin, priceRows] = await Promise.all([
    utilities.length
      ? (db('tariffs')
          .where({ region: quote.region, billing_type: quote.billingType })
          .whereIn('utility_type', utilities)
          .where('valid_from', '<=', quote.endDate)
          .where((range) => range.whereNull('valid_to').orWhere('valid_to', '>=', quote.startDate))
          .select('id', 'name', 'utility_type', 'valid_from', 'valid_to', 'rate_type', 'unit_rate', 'night_unit_rate', 'standing_charge') as Promise<TariffRow[]>)
      : Promise.resolve([] as TariffRow[]),
    db('usage_estimates')
      .where({ supply_type: quote.supplyType, bedrooms: quote.bedrooms })
      .select('utility_type', 'energy_use_type', 'kwh_per_year', 'estimate_type')
      .orderBy('estimate_type', 'desc') as Promise<Array<{ utility_type: string; energy_use_type: string; kwh_per_year: number; estimate_type: string }>>, // MONTHLY before DAILY
    db('margins').where({ margin_type: quote.marginType }).first('basis_points') as Promise<{ basis_points: number } | undefined>,
    db('quote_prices').select('*') as Promise<Array<Record<string, unknown>>>,
  ]);
  const tariffs: Partial<Record<'electric' | 'gas', QuoteTariff[]>> = {};
  for (const row of tariffRows) {
    (tariffs[row.utility_type] ??= []).push({
      id: row.id,
      name: row.name,
      validFrom: isoDate(row.valid_from),
      validTo: row.valid_to === null ? null : isoDate(row.valid_to),
      rateType: row.rate_type,
      unitRate: row.unit_rate,
      nightUnitRate: row.night_unit_rate,
      standingCharge: row.standing_charge,
    });
  }
  const usage = (utility: string, energyUseType: string) => estimates.find((row) => row.utility_type === utility && row.energy_use_type === energyUseType)?.kwh_per_year ?? null;
  const prices: QuotePrice[] = priceRows.map((row) => ({
    code: row.code as string,
    label: row.label as string,
    unit: row.unit as string,
    value: row.value as number | null,
    vatBasisPoints: row.vat_basis_points as number,
    marginApplies: row.margin_applies as boolean,
    energyUseType: row.energy_use_type as string | null,
  }));
  return { tariffs, usage, marginBasisPoints: margin?.basis_points ?? 0, prices };
}

/** Checks and prices a quote without saving it. Refusals are field errors (input, or missing tariff, estimate or price). */
export async function computeQuote(db: Knex, input: QuoteInput): Promise<Quote> {
  const today = await readSystemCurrentDate(db);
  const { quote, errors } = checkQuoteInput(input, today);
  if (!quote) throw DomainError.invalid(errors);
  try {
    const result = calculateQuote(quote, await loadQuoteData(db, quote));
    return { ...quote, services: [...quote.services], regionName: ELECTRICITY_REGION_NAMES[quote.region], ...result };
  } catch (error) {
    if (error instanceof QuoteDataError) throw DomainError.invalid([{ field: error.field, rule: error.rule, message: error.message }]);
    throw error;
  }
}

/** A priced quote as a weekly_quotes row: the checked input, the headline prices and the whole breakdown. */
export function weeklyQuoteRow(quote: Quote, by: { groupId: number; houseContractId: number | null; userId: number | null }): Record<string, unknown> {
  const { lines, ...summary } = quote;
  return {
    group_id: by.groupId,
    house_contract_id: by.houseContractId,
    postcode: quote.postcode,
    region: quote.region,
    bedrooms: quote.bedrooms,
    number_of_tenants: quote.numberOfTenants,
    customers_sharing: quote.customersSharing,
    services: JSON.stringify(quote.services),
    broadband_speed: quote.broadbandSpeed,
    plan_type: quote.planType,
    billing_type: quote.billingType,
    energy_use_type: quote.energyUseType,
    supply_type: quote.supplyType,
    water_billing_type: quote.services.includes('water') ? quote.waterBillingType : null,
    payment_frequency: quote.paymentFrequency,
    margin_type: quote.marginType,
    start_date: quote.startDate,
    end_date: quote.endDate,
    days: quote.days,
    house_total_pence: quote.houseTotalPence,
    weekly_per_tenant_pence: quote.weeklyPerTenantPence,
    monthly_per_tenant_pence: quote.monthlyPerTenantPence,
    breakdown: JSON.stringify({ ...summary, lines }),
    created_by_user_id: by.userId,
  };
}

const weeklyExists = () =>
  new DomainError('CONFLICT', QUOTE_MESSAGES.weeklyQuoteExists, { fields: [{ field: 'houseContractId', rule: 'unique', message: QUOTE_MESSAGES.weeklyQuoteExists }] });

/** Prices and saves a weekly quote, for a house contract of the request's group when one is named (once per period). */
export async function createWeeklyQuote(request: QuoteRequestContext, input: QuoteInput, houseContractId: string | null): Promise<RecordValues> {
  const spec = resourceSpec('WeeklyQuote');
  const groupId = requireGroup(spec, request.groupId);
  const quote = await computeQuote(request.db, input);
  try {
    return await request.db.transaction(async (trx) => {
      let contractId: number | null = null;
      if (houseContractId !== null && houseContractId !== undefined && houseContractId !== '') {
        const contract = /^\d+$/.test(houseContractId) ? await trx('house_contracts').where({ id: Number(houseContractId), group_id: groupId }).forUpdate().first('id') : undefined;
        if (!contract) throw DomainError.invalid([{ field: 'houseContractId', rule: 'reference', message: `House contracts: no record ${houseContractId}` }]);
        contractId = contract.id as number;
        const existing = await trx('weekly_quotes').where({ house_contract_id: contractId, start_date: quote.startDate, end_date: quote.endDate }).first('id');
        if (existing) throw weeklyExists();
      }
      const [row] = await trx('weekly_quotes')
        .insert(weeklyQuoteRow(quote, { groupId, houseContractId: contractId, userId: request.user.id }))
        .returning('*');
      const record = toRecord(spec, row);
      await recordChange(trx, { action: 'INSERT', entity: spec.table, entityId: record.id as number, actorUserId: request.user.id, after: record });
      return record;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw weeklyExists();
    throw error;
  }
}
