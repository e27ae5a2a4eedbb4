import { QUOTE_PRICE_UNITS } from '../quote/calculate';
import {
  BILLING_TYPES,
  BROADBAND_SPEEDS,
  ELECTRICITY_REGIONS,
  ENERGY_USE_TYPES,
  MARGIN_TYPES,
  PAYMENT_FREQUENCIES,
  PLAN_TYPES,
  SUPPLY_TYPES,
  UTILITY_TYPES,
  WATER_BILLING_TYPES,
} from '../value-sets';
import { SYSTEM_FIELDS, type ResourceSpec } from './types';

/** A saved quote: what a house pays a week per tenant, written by createWeeklyQuote (staff) and savePublicQuote (a visitor) only. */
export const WeeklyQuote: ResourceSpec = {
  name: 'WeeklyQuote',
  label: 'Weekly quotes',
  table: 'weekly_quotes',
  area: 'quotes',
  menu: 'Pricing',
  fields: {
    ...SYSTEM_FIELDS,
    houseContractId: { kind: 'ref', ref: 'HouseContract', readOnly: true, filter: 'eq', list: true },
    postcode: { kind: 'string', readOnly: true, filter: 'eq', list: true, sort: true },
    region: { kind: 'enum', values: ELECTRICITY_REGIONS, readOnly: true, filter: 'eq', list: true },
    bedrooms: { kind: 'int', readOnly: true, filter: 'eq', list: true },
    numberOfTenants: { kind: 'int', readOnly: true, list: true },
    customersSharing: { kind: 'int', readOnly: true },
    services: { kind: 'json', readOnly: true, help: 'Utilities quoted' },
    broadbandSpeed: { kind: 'enum', values: BROADBAND_SPEEDS, readOnly: true },
    planType: { kind: 'enum', values: PLAN_TYPES, readOnly: true, filter: 'eq', list: true },
    billingType: { kind: 'enum', values: BILLING_TYPES, readOnly: true, filter: 'eq', list: true },
    energyUseType: { kind: 'enum', values: ENERGY_USE_TYPES, readOnly: true, filter: 'eq' },
    supplyType: { kind: 'enum', values: SUPPLY_TYPES, readOnly: true, filter: 'eq' },
    waterBillingType: { kind: 'enum', values: WATER_BILLING_TYPES, readOnly: true },
    paymentFrequency: { kind: 'enum', values: PAYMENT_FREQUENCIES, readOnly: true },
    marginType: { kind: 'enum', values: MARGIN_TYPES, readOnly: true, filter: 'eq' },
    startDate: { kind: 'date', readOnly: true, filter: 'range', sort: true, list: true },
    endDate: { kind: 'date', readOnly: true, filter: 'range', list: true },
    days: { kind: 'int', readOnly: true },
    houseTotalPence: { kind: 'money', readOnly: true, list: true, sort: true, help: 'The house over the whole contract' },
    weeklyPerTenantPence: { kind: 'money', readOnly: true, list: true, sort: true },
    monthlyPerTenantPence: { kind: 'money', readOnly: true, list: true },
    breakdown: { kind: 'json', readOnly: true, help: 'Lines per service: kWh, rates, days, margin, VAT, cost' },
    email: { kind: 'string', readOnly: true, filter: 'eq', list: true, help: 'Where a visitor had the quote e-mailed (empty for staff quotes)' },
  },
  search: ['postcode', 'email'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  representation: '${postcode} ${startDate}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
};

/**
 * The prices a quote uses besides tariffs: broadband per speed, TV licence, water per bedroom, the night
 * share of dual-rate electricity and each plan type's energy allowance, with each service's VAT and whether
 * the margin applies. One row per code exists from the start (the schema seeds them); staff change values.
 */
export const QuotePrice: ResourceSpec = {
  name: 'QuotePrice',
  label: 'Quote prices',
  table: 'quote_prices',
  area: 'quotes',
  menu: 'Pricing',
  fields: {
    ...SYSTEM_FIELDS,
    code: { kind: 'string', readOnly: true, list: true, sort: true },
    label: { kind: 'string', required: true, list: true },
    utilityType: { kind: 'enum', values: UTILITY_TYPES, readOnly: true, filter: 'eq', list: true },
    unit: { kind: 'enum', values: QUOTE_PRICE_UNITS, required: true, list: true, help: 'How the value is read: pence a month, a year, per bedroom a year, for the whole contract; basis points; or a plan allowance' },
    value: { kind: 'int', list: true, help: 'Pence (before VAT), or basis points (100 = 1%) when the unit is BASIS_POINTS' },
    vatBasisPoints: { kind: 'int', required: true, list: true, help: 'VAT in basis points: 0, 500 (5%) or 2000 (20%)' },
    marginApplies: { kind: 'boolean', required: true, defaultValue: true, list: true },
    energyUseType: { kind: 'enum', values: ENERGY_USE_TYPES, help: "Plan rows: the energy use of the plan's annual allowance (UNLIMITED: the energy use it is priced on)" },
  },
  search: ['code', 'label'],
  defaultSort: { field: 'code', order: 'ASC' },
  representation: 'label',
  create: false,
  update: true,
  delete: 'never',
  groupScoped: false,
};
