/**
 * The checks of a quote's input (specification §5 and the domain notes "Quote"), pure: every field error at
 * once, with the field it belongs to. `today` is the product's date (a rule never reads the clock).
 */
import { BILLING_TYPES, BROADBAND_SPEEDS, ELECTRICITY_REGIONS, ENERGY_USE_TYPES, MARGIN_TYPES, PAYMENT_FREQUENCIES, PLAN_TYPES, SUPPLY_TYPES, WATER_BILLING_TYPES } from '../value-sets';
import { isBlank } from '../validation/common';
import { contractMaximumDuration, contractMinimumDuration, dateNotInPast, endAfterStart, validDate, type ContractTerm } from '../validation/contract-dates';
import { customersSharing, numberOfTenants, utilitiesSelection } from '../validation/house';
import { normaliseUkPostcode, ukPostcode } from '../validation/contact';
import { QUOTE_MESSAGES, supplyTypeMatchesServices, type QuoteRequest } from './calculate';
import { regionOfPostcode, type ElectricityRegion } from './regions';

/** The quote input as GraphQL hands it over (every field optional, so that a missing one is a field error). */
export interface QuoteInput {
  postcode?: string | null;
  region?: string | null;
  bedrooms?: number | null;
  numberOfTenants?: number | null;
  customersSharing?: number | null;
  services?: readonly string[] | null;
  broadbandSpeed?: string | null;
  planType?: string | null;
  billingType?: string | null;
  energyUseType?: string | null;
  supplyType?: string | null;
  waterBillingType?: string | null;
  term?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  paymentFrequency?: string | null;
  marginType?: string | null;
}

export interface QuoteFieldError {
  field: string;
  rule: string;
  message: string;
}

/** A checked input: what the quote prices, plus where and at which margin. */
export interface CheckedQuote extends QuoteRequest {
  postcode: string;
  region: ElectricityRegion;
  customersSharing: number;
  marginType: string;
}

const CONTRACT_TERMS: readonly ContractTerm[] = ['FIXED', 'VARIABLE'];
const oneOf = (values: readonly string[]) => `Must be one of ${values.join(', ')}`;

export function checkQuoteInput(input: QuoteInput, today: string): { quote: CheckedQuote | null; errors: QuoteFieldError[] } {
  const errors: QuoteFieldError[] = [];
  const fail = (field: string, rule: string, message: string | null) => {
    if (message) errors.push({ field, rule, message });
  };
  const required = ['postcode', 'bedrooms', 'numberOfTenants', 'services', 'billingType', 'energyUseType', 'supplyType', 'startDate', 'endDate', 'paymentFrequency'] as const;
  for (const field of required) if (isBlank(input[field]) || (Array.isArray(input[field]) && input[field].length === 0)) fail(field, 'required', QUOTE_MESSAGES.required);
  const enumField = (field: keyof QuoteInput, values: readonly string[]) => {
    const value = input[field];
    if (!isBlank(value) && !values.includes(String(value))) fail(field, 'oneOf', oneOf(values));
  };
  enumField('region', ELECTRICITY_REGIONS);
  enumField('broadbandSpeed', BROADBAND_SPEEDS);
  enumField('planType', PLAN_TYPES);
  enumField('billingType', BILLING_TYPES);
  enumField('energyUseType', ENERGY_USE_TYPES);
  enumField('supplyType', SUPPLY_TYPES);
  enumField('waterBillingType', WATER_BILLING_TYPES);
  enumField('term', CONTRACT_TERMS);
  enumField('paymentFrequency', PAYMENT_FREQUENCIES);
  enumField('marginType', MARGIN_TYPES);

  // Where: the postcode's region, unless the region is named (a house across a network boundary).
  const postcode = isBlank(input.postcode) ? null : normaliseUkPostcode(String(input.postcode));
  if (!isBlank(input.postcode)) fail('postcode', 'ukPostcode', ukPostcode(input.postcode));
  const region = (isBlank(input.region) ? (postcode ? regionOfPostcode(postcode) : null) : input.region) as ElectricityRegion | null;
  if (postcode && !region) fail('postcode', 'region', `${QUOTE_MESSAGES.unknownPostcodeArea} (${postcode})`);

  // The house and who shares it (back office: 1 to 14).
  fail('bedrooms', 'range', numberOfTenants({ value: input.bedrooms, office: 'BACK_OFFICE' })?.replace('Number of tenants', 'Bedrooms') ?? null);
  fail('numberOfTenants', 'range', numberOfTenants({ value: input.numberOfTenants, office: 'BACK_OFFICE' }));
  fail('customersSharing', 'range', customersSharing({ value: input.customersSharing, bedrooms: input.bedrooms }));

  // Services: electricity or gas plus one more; the supply type names exactly the energy chosen.
  const services = input.services ?? [];
  fail('services', 'utilities', utilitiesSelection(services.length ? [...services] : null));
  if (!isBlank(input.supplyType) && services.length && !supplyTypeMatchesServices(String(input.supplyType), services)) fail('supplyType', 'supplyType', QUOTE_MESSAGES.invalidSupplyType);
  if (services.includes('broadband') && isBlank(input.broadbandSpeed)) fail('broadbandSpeed', 'required', QUOTE_MESSAGES.broadbandSpeedRequired);
  if (input.billingType === 'PLAN' && isBlank(input.planType)) fail('planType', 'required', QUOTE_MESSAGES.planTypeRequired);

  // Contract dates (specification §5).
  const term = (input.term ?? 'FIXED') as ContractTerm;
  const start = input.startDate;
  const end = input.endDate;
  fail('startDate', 'validDate', validDate(start));
  fail('endDate', 'validDate', validDate(end));
  fail('startDate', 'notInPast', dateNotInPast({ date: start, today }));
  fail('endDate', 'endAfterStart', endAfterStart({ start, end }));
  fail('endDate', 'minimumDuration', CONTRACT_TERMS.includes(term) ? contractMinimumDuration({ start, end, term }) : null);
  fail('endDate', 'maximumDuration', contractMaximumDuration({ start, end }));

  if (errors.length) return { quote: null, errors };
  return {
    errors,
    quote: {
      postcode: postcode!,
      region: region!,
      bedrooms: input.bedrooms!,
      numberOfTenants: input.numberOfTenants!,
      customersSharing: input.customersSharing ?? input.numberOfTenants!,
      services: [...new Set(services)],
      broadbandSpeed: services.includes('broadband') ? input.broadbandSpeed! : null,
      planType: input.planType ?? null,
      billingType: input.billingType!,
      energyUseType: input.energyUseType!,
      supplyType: input.supplyType!,
      waterBillingType: input.waterBillingType ?? 'METERED',
      startDate: start!,
      endDate: end!,
      paymentFrequency: input.paymentFrequency as QuoteRequest['paymentFrequency'],
      marginType: input.marginType ?? 'STANDARD',
    },
  };
}
