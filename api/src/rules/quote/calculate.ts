/**
 * The quote: what a shared house pays for its bills over a contract, per tenant per week and per month
 * (domain notes "Quote"). Pure: the service reads the region's tariffs, the usage estimates, the margin and
 * the quote prices from the database and hands them in; nothing here reads the clock or the database.
 *
 * - Energy (electric, gas): the usage estimate for the supply type × energy use × bedrooms (UNLIMITED plans are
 *   priced on the energy use their plan row names, HIGH to start with) spread over the contract's days, times
 *   the unit rate of the tariff in force each day (a dual-rate DN tariff splits the kWh by the night share),
 *   plus the standing charge for each day.
 * - Broadband: a monthly price per speed; water: an annual price per bedroom (metered or rateable); TV
 *   licence: the annual fee. Annual and monthly prices are spread over the contract's days (× days / 365).
 * - Each line: cost rounded half-up to the penny once, then the margin (basis points of the margin type,
 *   where the price row says a margin applies) and VAT (basis points of the price row) on cost + margin,
 *   each rounded half-up once. The house total is the sum of the lines.
 * - Per tenant: house total ÷ tenants per week, the annual equivalent (total × 365 / days) ÷ 52; per month
 *   weekly × 52 / 12; per instalment weekly × 52 / instalments a year.
 */
import { INSTALMENTS_PER_YEAR } from '../value-sets';
import { addDays, daysBetween } from '../validation/calendar';
import { basisPointsOf, divideRoundHalfUp, fromTenThousandths, toPence, toTenThousandths } from './money';
import { weeklyToMonthly } from '../billing/instalments';

export const QUOTE_MESSAGES = {
  tariffNotFound: 'Tariff not found',
  usageEstimateMissing: 'Usage estimate needs to be added',
  invalidSupplyType: 'Invalid supply type',
  weeklyQuoteExists: 'Weekly quote already exists',
  unknownPostcodeArea: 'No electricity region is known for this postcode area',
  broadbandSpeedRequired: 'Choose a broadband speed',
  planTypeRequired: 'Choose a plan type for plan billing',
  required: 'Required',
  priceMissing: 'Quote price not set',
} as const;

/** The units a quote price row is kept in. */
export const QUOTE_PRICE_UNITS = ['TARIFF', 'PENCE_PER_MONTH', 'PENCE_PER_YEAR', 'PENCE_PER_BEDROOM_PER_YEAR', 'PENCE_PER_CONTRACT', 'BASIS_POINTS', 'ALLOWANCE'] as const;
export type QuotePriceUnit = (typeof QUOTE_PRICE_UNITS)[number];

/** The codes the quote reads (rows of `quote_prices`, seeded by the schema, edited by staff). */
export const QUOTE_PRICE_CODES = {
  energy: (utility: EnergyUtility) => (utility === 'electric' ? 'ELECTRIC' : 'GAS'),
  nightShare: 'ELECTRIC_NIGHT_SHARE',
  broadband: (speed: string) => `BROADBAND_${speed}`,
  tvLicence: 'TV_LICENCE',
  water: (waterBillingType: string) => `WATER_${waterBillingType}`,
  plan: (planType: string) => `PLAN_${planType}`,
} as const;

export type EnergyUtility = 'electric' | 'gas';
export const ENERGY_UTILITIES: readonly EnergyUtility[] = ['electric', 'gas'];

export interface QuotePrice {
  code: string;
  label: string;
  unit: string;
  value: number | null;
  vatBasisPoints: number;
  marginApplies: boolean;
  energyUseType: string | null;
}

export interface QuoteTariff {
  id: number | string;
  name: string;
  validFrom: string;
  validTo: string | null;
  rateType: string; // SR or DN
  unitRate: string | number;
  nightUnitRate: string | number | null;
  standingCharge: string | number;
}

/** What the quote is for, once the input has passed its checks. */
export interface QuoteRequest {
  bedrooms: number;
  numberOfTenants: number;
  services: readonly string[];
  broadbandSpeed: string | null;
  planType: string | null;
  billingType: string;
  energyUseType: string;
  supplyType: string;
  waterBillingType: string;
  startDate: string;
  endDate: string; // inclusive
  paymentFrequency: keyof typeof INSTALMENTS_PER_YEAR;
}

/** The usage estimate (kWh a year) of the house for a utility at an energy use, or null when no row exists. */
export type UsageLookup = (utility: EnergyUtility, energyUseType: string) => number | null;

export interface QuoteData {
  /** Tariffs of the region for the billing type that overlap the contract, by utility. */
  tariffs: Readonly<Partial<Record<EnergyUtility, readonly QuoteTariff[]>>>;
  usage: UsageLookup;
  marginBasisPoints: number;
  prices: readonly QuotePrice[];
}

export interface QuoteTariffPeriod {
  tariffId: string;
  name: string;
  startDate: string;
  endDate: string;
  days: number;
  rateType: string;
  unitRate: number;
  nightUnitRate: number | null;
  standingCharge: number;
}

export interface QuoteLine {
  utilityType: string;
  label: string;
  /** Energy: the usage estimate the line is priced on (kWh a year) and its share for the contract's days. */
  annualKwh: number | null;
  estimatedKwh: number | null;
  /** Energy use the estimate is for, and the plan's annual allowance (null: none or unlimited). */
  pricedOn: string | null;
  allowanceKwh: number | null;
  /** Pence per kWh and pence per day (averaged over the days when the tariff changes within the contract). */
  unitRate: number | null;
  standingCharge: number | null;
  days: number;
  tariffs: QuoteTariffPeriod[];
  costPence: number;
  marginBasisPoints: number;
  marginPence: number;
  vatBasisPoints: number;
  vatPence: number;
  totalPence: number;
}

export interface QuoteResult {
  days: number;
  marginBasisPoints: number;
  lines: QuoteLine[];
  houseTotalPence: number;
  houseWeeklyPence: number;
  perTenantTotalPence: number;
  weeklyPerTenantPence: number;
  monthlyPerTenantPence: number;
  instalmentsPerYear: number;
  instalmentPerTenantPence: number;
}

/** A failure of the priced data (not of the input): no tariff, no usage estimate, no price row. */
export class QuoteDataError extends Error {
  constructor(
    readonly field: string,
    readonly rule: 'tariff' | 'usageEstimate' | 'price',
    message: string,
  ) {
    super(message);
    this.name = 'QuoteDataError';
  }
}

/** The energy utilities a supply type prices: ELEC_ONLY electricity, GAS_ONLY gas, DUAL both. */
export function energyOfSupplyType(supplyType: string): EnergyUtility[] {
  if (supplyType === 'DUAL') return ['electric', 'gas'];
  if (supplyType === 'ELEC_ONLY') return ['electric'];
  if (supplyType === 'GAS_ONLY') return ['gas'];
  return [];
}

/** The supply type must name exactly the energy services chosen (DUAL: both; ELEC_ONLY: electric, no gas; …). */
export function supplyTypeMatchesServices(supplyType: string, services: readonly string[]): boolean {
  const chosen = ENERGY_UTILITIES.filter((utility) => services.includes(utility));
  const priced = energyOfSupplyType(supplyType);
  return priced.length > 0 && priced.length === chosen.length && priced.every((utility) => chosen.includes(utility));
}

/** Calendar days of a contract, both ends included. */
export function contractDays(startDate: string, endDate: string): number {
  return daysBetween(startDate, endDate) + 1;
}

const isCovering = (tariff: QuoteTariff, day: string) => tariff.validFrom <= day && (tariff.validTo === null || tariff.validTo >= day);

/**
 * The tariff in force each day of the period, as consecutive periods. Where tariffs overlap the one valid
 * from the latest date wins (then the highest id). Null when a day has no tariff.
 */
export function tariffPeriods(tariffs: readonly QuoteTariff[], startDate: string, endDate: string): Array<{ tariff: QuoteTariff; startDate: string; endDate: string; days: number }> | null {
  const ranked = [...tariffs].sort((a, b) => (a.validFrom === b.validFrom ? Number(b.id) - Number(a.id) : a.validFrom < b.validFrom ? 1 : -1));
  // Which tariff wins can change only where one starts or the day after one ends, so the days between two
  // such boundaries share a tariff: one lookup per boundary instead of one per day (a quote prices a year).
  const boundaries = new Set([startDate]);
  for (const tariff of tariffs) {
    if (tariff.validFrom > startDate && tariff.validFrom <= endDate) boundaries.add(tariff.validFrom);
    if (tariff.validTo !== null && tariff.validTo >= startDate && tariff.validTo < endDate) boundaries.add(addDays(tariff.validTo, 1));
  }
  const starts = [...boundaries].sort();
  const periods: Array<{ tariff: QuoteTariff; startDate: string; endDate: string; days: number }> = [];
  for (const [index, from] of starts.entries()) {
    const to = index + 1 < starts.length ? addDays(starts[index + 1]!, -1) : endDate;
    const tariff = ranked.find((candidate) => isCovering(candidate, from));
    if (!tariff) return null;
    const days = daysBetween(from, to) + 1;
    const last = periods.at(-1);
    if (last && last.tariff === tariff) {
      last.endDate = to;
      last.days += days;
    } else periods.push({ tariff, startDate: from, endDate: to, days });
  }
  return periods;
}

function priceRow(prices: readonly QuotePrice[], code: string, field: string): QuotePrice {
  const row = prices.find((price) => price.code === code);
  if (!row) throw new QuoteDataError(field, 'price', `${QUOTE_MESSAGES.priceMissing}: ${code}`);
  return row;
}

function finishLine(
  base: Omit<QuoteLine, 'costPence' | 'marginBasisPoints' | 'marginPence' | 'vatBasisPoints' | 'vatPence' | 'totalPence'>,
  cost: bigint,
  price: QuotePrice,
  marginBasisPoints: number,
): QuoteLine {
  const margin = price.marginApplies ? marginBasisPoints : 0;
  const marginPence = basisPointsOf(cost, margin);
  const vatPence = basisPointsOf(cost + marginPence, price.vatBasisPoints);
  return {
    ...base,
    costPence: toPence(cost),
    marginBasisPoints: margin,
    marginPence: toPence(marginPence),
    vatBasisPoints: price.vatBasisPoints,
    vatPence: toPence(vatPence),
    totalPence: toPence(cost + marginPence + vatPence),
  };
}

const DAYS_A_YEAR = 365n;
const RATE_SCALE = 10000n; // rates in ten-thousandths of a penny
const SHARE_SCALE = 10000n; // night share in basis points

function energyLine(request: QuoteRequest, data: QuoteData, utility: EnergyUtility, days: number): QuoteLine {
  const price = priceRow(data.prices, QUOTE_PRICE_CODES.energy(utility), 'services');
  const planRow = request.planType ? data.prices.find((row) => row.code === QUOTE_PRICE_CODES.plan(request.planType!)) : undefined;
  if (request.planType && !planRow) throw new QuoteDataError('planType', 'price', `${QUOTE_MESSAGES.priceMissing}: ${QUOTE_PRICE_CODES.plan(request.planType)}`);
  const unlimited = request.planType === 'UNLIMITED';
  const pricedOn = unlimited ? (planRow?.energyUseType ?? 'HIGH') : request.energyUseType;
  const annualKwh = data.usage(utility, pricedOn);
  if (annualKwh === null) {
    throw new QuoteDataError('energyUseType', 'usageEstimate', `${QUOTE_MESSAGES.usageEstimateMissing}: ${request.supplyType} ${utility} ${pricedOn}, ${request.bedrooms} bedrooms`);
  }
  const allowanceUse = request.billingType === 'PLAN' && !unlimited ? (planRow?.energyUseType ?? null) : null;
  const allowanceKwh = allowanceUse ? data.usage(utility, allowanceUse) : null;
  if (allowanceUse && allowanceKwh === null) {
    throw new QuoteDataError('planType', 'usageEstimate', `${QUOTE_MESSAGES.usageEstimateMissing}: ${request.supplyType} ${utility} ${allowanceUse}, ${request.bedrooms} bedrooms`);
  }

  const periods = tariffPeriods(data.tariffs[utility] ?? [], request.startDate, request.endDate);
  if (!periods) {
    throw new QuoteDataError('startDate', 'tariff', `${QUOTE_MESSAGES.tariffNotFound}: no ${utility} ${request.billingType} tariff for every day of the contract`);
  }
  const nightShare = periods.some((period) => period.tariff.rateType === 'DN') ? BigInt(priceRow(data.prices, QUOTE_PRICE_CODES.nightShare, 'services').value ?? 0) : 0n;

  // Everything over one denominator, 365 × 10 000 × 10 000: kWh × days / 365 × rate, plus days × standing charge.
  let numerator = 0n;
  let unitRateDays = 0n; // Σ days × effective rate (ten-thousandths × SHARE_SCALE)
  let standingDays = 0n; // Σ days × standing charge (ten-thousandths)
  const tariffs: QuoteTariffPeriod[] = periods.map(({ tariff, startDate, endDate, days: periodDays }) => {
    const unit = toTenThousandths(tariff.unitRate);
    const night = tariff.rateType === 'DN' && tariff.nightUnitRate !== null ? toTenThousandths(tariff.nightUnitRate) : null;
    const effective = night === null ? unit * SHARE_SCALE : unit * (SHARE_SCALE - nightShare) + night * nightShare;
    const standing = toTenThousandths(tariff.standingCharge);
    const d = BigInt(periodDays);
    numerator += BigInt(annualKwh) * d * effective + d * standing * DAYS_A_YEAR * SHARE_SCALE;
    unitRateDays += d * effective;
    standingDays += d * standing;
    return {
      tariffId: String(tariff.id),
      name: tariff.name,
      startDate,
      endDate,
      days: periodDays,
      rateType: tariff.rateType,
      unitRate: fromTenThousandths(unit),
      nightUnitRate: night === null ? null : fromTenThousandths(night),
      standingCharge: fromTenThousandths(standing),
    };
  });
  const cost = divideRoundHalfUp(numerator, DAYS_A_YEAR * RATE_SCALE * SHARE_SCALE);
  const totalDays = BigInt(days);
  return finishLine(
    {
      utilityType: utility,
      label: price.label,
      annualKwh,
      estimatedKwh: Math.round((annualKwh * days * 100) / 365) / 100,
      pricedOn,
      allowanceKwh,
      unitRate: fromTenThousandths(divideRoundHalfUp(unitRateDays, totalDays * SHARE_SCALE)),
      standingCharge: fromTenThousandths(divideRoundHalfUp(standingDays, totalDays)),
      days,
      tariffs,
    },
    cost,
    price,
    data.marginBasisPoints,
  );
}

/** The cost of a fixed-price service over `days`, from its price row's unit. */
function fixedCost(price: QuotePrice, bedrooms: number, days: number, field: string): bigint {
  if (price.value === null) throw new QuoteDataError(field, 'price', `${QUOTE_MESSAGES.priceMissing}: ${price.code}`);
  const value = BigInt(price.value);
  const d = BigInt(days);
  switch (price.unit) {
    case 'PENCE_PER_MONTH':
      return divideRoundHalfUp(value * 12n * d, DAYS_A_YEAR);
    case 'PENCE_PER_YEAR':
      return divideRoundHalfUp(value * d, DAYS_A_YEAR);
    case 'PENCE_PER_BEDROOM_PER_YEAR':
      return divideRoundHalfUp(value * BigInt(bedrooms) * d, DAYS_A_YEAR);
    case 'PENCE_PER_CONTRACT':
      return value;
    default:
      throw new QuoteDataError(field, 'price', `${QUOTE_MESSAGES.priceMissing}: ${price.code} cannot be priced in ${price.unit}`);
  }
}

function fixedLine(request: QuoteRequest, data: QuoteData, utility: string, code: string, field: string, days: number): QuoteLine {
  const price = priceRow(data.prices, code, field);
  return finishLine(
    { utilityType: utility, label: price.label, annualKwh: null, estimatedKwh: null, pricedOn: null, allowanceKwh: null, unitRate: null, standingCharge: null, days, tariffs: [] },
    fixedCost(price, request.bedrooms, days, field),
    price,
    data.marginBasisPoints,
  );
}

/** The order lines appear in. */
const LINE_ORDER = ['electric', 'gas', 'broadband', 'tv_licence', 'water'];

/** Prices a checked request. Throws QuoteDataError when a tariff, usage estimate or price row is missing. */
export function calculateQuote(request: QuoteRequest, data: QuoteData): QuoteResult {
  const days = contractDays(request.startDate, request.endDate);
  const lines: QuoteLine[] = [];
  for (const utility of LINE_ORDER.filter((service) => request.services.includes(service))) {
    if (utility === 'electric' || utility === 'gas') lines.push(energyLine(request, data, utility, days));
    else if (utility === 'broadband') lines.push(fixedLine(request, data, utility, QUOTE_PRICE_CODES.broadband(request.broadbandSpeed ?? ''), 'broadbandSpeed', days));
    else if (utility === 'tv_licence') lines.push(fixedLine(request, data, utility, QUOTE_PRICE_CODES.tvLicence, 'services', days));
    else lines.push(fixedLine(request, data, utility, QUOTE_PRICE_CODES.water(request.waterBillingType), 'waterBillingType', days));
  }
  const total = lines.reduce((sum, line) => sum + BigInt(line.totalPence), 0n);
  const tenants = BigInt(request.numberOfTenants);
  // Weekly: the annual equivalent (total × 365 / days) ÷ 52, per tenant.
  const weekly = toPence(divideRoundHalfUp(total * DAYS_A_YEAR, BigInt(days) * 52n * tenants));
  const instalmentsPerYear = INSTALMENTS_PER_YEAR[request.paymentFrequency];
  return {
    days,
    marginBasisPoints: data.marginBasisPoints,
    lines,
    houseTotalPence: toPence(total),
    houseWeeklyPence: toPence(divideRoundHalfUp(total * DAYS_A_YEAR, BigInt(days) * 52n)),
    perTenantTotalPence: toPence(divideRoundHalfUp(total, tenants)),
    weeklyPerTenantPence: weekly,
    monthlyPerTenantPence: weeklyToMonthly(weekly),
    instalmentsPerYear,
    instalmentPerTenantPence: toPence(divideRoundHalfUp(BigInt(weekly) * 52n, BigInt(instalmentsPerYear))),
  };
}
