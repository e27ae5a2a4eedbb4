import type { Knex } from '@app/db';
import { consumeAttempt, type RateLimit } from '../../auth/rate-limit';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { addDays, addMonths, isCalendarDate, numberOfTenants, weeklyToMonthly } from '../../rules';
import { isBlank } from '../../rules/validation/common';
import { ELECTRICITY_REGION_NAMES, QuoteDataError, calculateQuote, checkQuoteInput, contractDays, divideRoundHalfUp, toPence, type CheckedQuote, type QuoteInput, type QuoteResult } from '../../rules/quote';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { readEnabledFeatures } from '../settings/read-system-settings.service';
import { loadQuoteData, type Quote } from './quotes.service';

/** What a visitor states about the house; everything else is derived (see toQuoteInput). */
export interface PublicQuoteInput {
  postcode?: string | null;
  /** Defaults to the number of tenants. */
  bedrooms?: number | null;
  numberOfTenants?: number | null;
  services?: readonly string[] | null;
  broadbandSpeed?: string | null;
  /** PLAN (default: the plans side by side) or BILL (pay for what the house uses). */
  billingType?: string | null;
  /** Default: the next academic year (see academicYear). */
  startDate?: string | null;
  /** Default: a year from the start date. */
  endDate?: string | null;
  /** MONTHLY (default), QUARTERLY or TRIANNUAL. */
  paymentFrequency?: string | null;
}

/** One service of an option, as a tenant's share. */
export interface PublicQuoteLine {
  service: string;
  weeklyPerTenantPence: number;
  monthlyPerTenantPence: number;
  /** Energy: the house's annual kWh the price assumes, and the plan's annual allowance (null: none or unlimited). */
  estimatedAnnualKwh: number | null;
  allowanceKwh: number | null;
}

export interface PublicQuoteOption {
  /** GREENSAVER, LITE or UNLIMITED; null for BILL. */
  planType: string | null;
  weeklyPerTenantPence: number;
  monthlyPerTenantPence: number;
  instalmentPerTenantPence: number;
  instalmentsPerYear: number;
  houseTotalPence: number;
  lines: PublicQuoteLine[];
}

export interface PublicQuote {
  postcode: string;
  regionName: string;
  bedrooms: number;
  numberOfTenants: number;
  billingType: string;
  paymentFrequency: string;
  startDate: string;
  endDate: string;
  days: number;
  options: PublicQuoteOption[];
}

/** Live pricing asks again as the visitor changes an input: generous for a person, a wall for a scraper. */
export const PUBLIC_QUOTE_LIMIT: Omit<RateLimit, 'key'> = { limit: 120, windowMinutes: 10 };

export const QUOTING_OFF_MESSAGE = 'Online quotes are not available at the moment. Please call us for a quote.';
const BEDROOMS_BELOW_TENANTS = 'Bedrooms must be at least the number of tenants';

/** The fields a visitor fills in; errors on derived fields are consequences of these and are not shown. */
const VISITOR_FIELDS = new Set(['postcode', 'bedrooms', 'numberOfTenants', 'services', 'broadbandSpeed', 'billingType', 'startDate', 'endDate', 'paymentFrequency']);

/** Student lets run September to August: the next such year that starts at least two weeks from today. */
export function academicYear(today: string): { startDate: string; endDate: string } {
  let startDate = `${today.slice(0, 4)}-09-01`;
  if (startDate < addDays(today, 14)) startDate = addMonths(startDate, 12);
  return { startDate, endDate: oneYearFrom(startDate) };
}

const oneYearFrom = (startDate: string) => addDays(addMonths(startDate, 12), -1);

/** The visitor's dates, with a year from the start when no end is given, and the next academic year when neither is. */
function withDates(input: PublicQuoteInput, today: string): PublicQuoteInput {
  if (!isBlank(input.startDate)) return isBlank(input.endDate) && isCalendarDate(input.startDate) ? { ...input, endDate: oneYearFrom(input.startDate!) } : input;
  const year = academicYear(today);
  return { ...input, startDate: year.startDate, endDate: isBlank(input.endDate) ? year.endDate : input.endDate };
}

/** Electricity and gas together are a dual supply; one of them alone is that supply only. */
function supplyTypeOf(services: readonly string[]): string | null {
  const electric = services.includes('electric');
  const gas = services.includes('gas');
  return electric && gas ? 'DUAL' : electric ? 'ELEC_ONLY' : gas ? 'GAS_ONLY' : null;
}

/**
 * The full quote input of one option. A plan is priced on its own energy use (Lite on LOW, Green Saver on
 * MEDIUM, Unlimited on HIGH: what its allowance covers); a BILL quote on a MEDIUM house.
 */
function toQuoteInput(input: PublicQuoteInput, planType: string | null, planEnergyUse: (planType: string) => string | null): QuoteInput {
  const services = input.services ?? [];
  return {
    postcode: input.postcode,
    bedrooms: input.bedrooms ?? input.numberOfTenants,
    numberOfTenants: input.numberOfTenants,
    customersSharing: input.numberOfTenants,
    services,
    broadbandSpeed: services.includes('broadband') ? input.broadbandSpeed : null,
    billingType: input.billingType ?? 'PLAN',
    planType,
    energyUseType: (planType && planEnergyUse(planType)) || 'MEDIUM',
    supplyType: supplyTypeOf(services),
    startDate: input.startDate,
    endDate: input.endDate,
    paymentFrequency: input.paymentFrequency ?? 'MONTHLY',
  };
}

/** The visitor's errors: the front office's 1–12 tenants, bedrooms for everyone, nothing about derived fields. */
function visitorErrors(input: PublicQuoteInput, checked: FieldError[]): FieldError[] {
  const errors = checked
    .filter((error) => VISITOR_FIELDS.has(error.field) || error.field === 'customersSharing')
    .map((error) => (error.field === 'customersSharing' ? { field: 'bedrooms', rule: 'atLeastTenants', message: BEDROOMS_BELOW_TENANTS } : error))
    .filter((error) => error.field !== 'numberOfTenants' || error.rule !== 'range');
  const tenants = numberOfTenants({ value: input.numberOfTenants, office: 'FRONT_OFFICE' });
  if (tenants) errors.push({ field: 'numberOfTenants', rule: 'range', message: tenants });
  return errors;
}

/** A line's total as one tenant's share a week (annual equivalent ÷ 52, like the headline). */
function weeklyShare(totalPence: number, days: number, tenants: number): number {
  return toPence(divideRoundHalfUp(BigInt(totalPence) * 365n, BigInt(days) * 52n * BigInt(tenants)));
}

function toOption(planType: string | null, quote: CheckedQuote, result: QuoteResult): PublicQuoteOption {
  return {
    planType,
    weeklyPerTenantPence: result.weeklyPerTenantPence,
    monthlyPerTenantPence: result.monthlyPerTenantPence,
    instalmentPerTenantPence: result.instalmentPerTenantPence,
    instalmentsPerYear: result.instalmentsPerYear,
    houseTotalPence: result.houseTotalPence,
    lines: result.lines.map((line) => {
      const weekly = weeklyShare(line.totalPence, result.days, quote.numberOfTenants);
      return { service: line.utilityType, weeklyPerTenantPence: weekly, monthlyPerTenantPence: weeklyToMonthly(weekly), estimatedAnnualKwh: line.annualKwh, allowanceKwh: line.allowanceKwh };
    }),
  };
}

/**
 * The public site's quote: anonymous and limited per address. A PLAN quote prices Green Saver and Lite side
 * by side (and Unlimited when the unlimitedFO feature is on); a BILL quote prices the house's expected use.
 * The data is read once for every option (it does not depend on the plan). Nothing is saved.
 */
export async function publicQuote(db: Knex, visitorInput: PublicQuoteInput, ip: string | null): Promise<PublicQuote> {
  const [, features, today] = await Promise.all([
    consumeAttempt(db, { key: `public-quote:ip:${ip ?? 'unknown'}`, ...PUBLIC_QUOTE_LIMIT }),
    readEnabledFeatures(db),
    readSystemCurrentDate(db),
  ]);
  return quotePlans(db, visitorInput, features, today);
}

/** The public quote's pricing without its limit per address (the agent portal prices its example house with it). */
export async function quotePlans(db: Knex, visitorInput: PublicQuoteInput, features: readonly string[], today: string): Promise<PublicQuote> {
  return (await pricePlans(db, visitorInput, features, today)).answer;
}

/** The visitor's answer and, for saving, each option's whole quote (its checked input and priced result). */
export async function pricePlans(db: Knex, visitorInput: PublicQuoteInput, features: readonly string[], today: string): Promise<{ answer: PublicQuote; quotes: Quote[] }> {
  if (!features.includes('quotingFO')) throw new DomainError('FORBIDDEN', QUOTING_OFF_MESSAGE);
  const input = withDates(visitorInput, today);

  const billingType = input.billingType ?? 'PLAN';
  const planTypes = billingType === 'PLAN' ? ['GREENSAVER', 'LITE', ...(features.includes('unlimitedFO') ? ['UNLIMITED'] : [])] : [null];
  const planEnergyUse = (data: Awaited<ReturnType<typeof loadQuoteData>> | null) => (planType: string) =>
    data?.prices.find((price) => price.code === `PLAN_${planType}`)?.energyUseType ?? null;

  const first = checkQuoteInput(toQuoteInput(input, planTypes[0]!, planEnergyUse(null)), today);
  const errors = visitorErrors(input, first.errors);
  if (errors.length || !first.quote) throw DomainError.invalid(errors.length ? errors : first.errors);

  try {
    const data = await loadQuoteData(db, first.quote);
    const priced = planTypes.map((planType) => {
      const { quote } = checkQuoteInput(toQuoteInput(input, planType, planEnergyUse(data)), today);
      return { planType, quote: quote!, result: calculateQuote(quote!, data) };
    });
    const options = priced.map(({ planType, quote, result }) => toOption(planType, quote, result));
    const quotes = priced.map(({ quote, result }) => ({ ...quote, services: [...quote.services], regionName: ELECTRICITY_REGION_NAMES[quote.region], ...result }));
    const quote = first.quote;
    const answer: PublicQuote = {
      postcode: quote.postcode,
      regionName: ELECTRICITY_REGION_NAMES[quote.region],
      bedrooms: quote.bedrooms,
      numberOfTenants: quote.numberOfTenants,
      billingType,
      paymentFrequency: quote.paymentFrequency,
      startDate: quote.startDate,
      endDate: quote.endDate,
      days: contractDays(quote.startDate, quote.endDate),
      options,
    };
    return { answer, quotes };
  } catch (error) {
    // Missing tariffs or estimates are the provider's gap, not the visitor's: say so on the field it concerns.
    if (error instanceof QuoteDataError) throw DomainError.invalid([{ field: VISITOR_FIELDS.has(error.field) ? error.field : 'postcode', rule: error.rule, message: error.message }]);
    throw error;
  }
}
