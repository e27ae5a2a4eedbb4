import {
  BILLING_TYPES,
  ELECTRICITY_REGIONS,
  ENERGY_USE_TYPES,
  MARGIN_TYPES,
  SUPPLY_TYPES,
  TARIFF_PAYMENT_METHODS,
  TARIFF_RATE_TYPES,
  TARIFF_TYPES,
  USAGE_ESTIMATE_TYPES,
  UTILITY_TYPES,
} from '../value-sets';
import { tariffName } from '../validation/misc';
import { SYSTEM_FIELDS, type ResourceSpec } from './types';

/** Supplier rates the provider buys at: unit rates in pence per kWh and standing charges in pence per day. */
export const Tariff: ResourceSpec = {
  name: 'Tariff',
  label: 'Tariffs',
  table: 'tariffs',
  area: 'tariffs',
  menu: 'Pricing',
  fields: {
    ...SYSTEM_FIELDS,
    name: { kind: 'string', required: true, list: true, sort: true, rules: [tariffName], help: 'brand_prefix_year_month_area_electric/gas_plan/bill' },
    utilityType: { kind: 'enum', values: UTILITY_TYPES.filter((u) => u === 'electric' || u === 'gas'), required: true, filter: 'eq', list: true },
    tariffType: { kind: 'enum', values: TARIFF_TYPES, required: true, filter: 'eq', list: true },
    paymentMethod: { kind: 'enum', values: TARIFF_PAYMENT_METHODS, required: true, defaultValue: 'ALL', filter: 'eq' },
    rateType: { kind: 'enum', values: TARIFF_RATE_TYPES, required: true, defaultValue: 'SR', filter: 'eq', list: true },
    billingType: { kind: 'enum', values: BILLING_TYPES, required: true, filter: 'eq', list: true },
    region: { kind: 'enum', values: ELECTRICITY_REGIONS, required: true, filter: 'eq', list: true },
    validFrom: { kind: 'date', required: true, filter: 'range', sort: true, list: true },
    validTo: { kind: 'date', filter: 'range', sort: true, list: true },
    unitRate: { kind: 'decimal', required: true, list: true, precision: { digits: 10, scale: 4 }, help: 'Pence per kWh (day rate for dual-rate)' },
    nightUnitRate: { kind: 'decimal', precision: { digits: 10, scale: 4 }, help: 'Pence per kWh, dual-rate (DN) only' },
    standingCharge: { kind: 'decimal', required: true, list: true, precision: { digits: 10, scale: 4 }, help: 'Pence per day' },
  },
  search: ['name'],
  defaultSort: { field: 'validFrom', order: 'DESC' },
  representation: 'name',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: false,
};

/** Which tariff prices a service in which period. */
export const TariffAssignment: ResourceSpec = {
  name: 'TariffAssignment',
  label: 'Tariff assignments',
  table: 'tariff_assignments',
  area: 'tariffs',
  menu: 'Pricing',
  fields: {
    ...SYSTEM_FIELDS,
    serviceId: { kind: 'ref', ref: 'Service', required: true, filter: 'eq', list: true },
    tariffId: { kind: 'ref', ref: 'Tariff', required: true, filter: 'eq', list: true },
    startDate: { kind: 'date', required: true, filter: 'range', sort: true, list: true },
    endDate: { kind: 'date', required: true, filter: 'range', list: true },
  },
  search: [],
  defaultSort: { field: 'startDate', order: 'DESC' },
  representation: '#${id}',
  create: true,
  update: true,
  delete: 'hard',
  groupScoped: false,
};

/** Typical consumption per supply type, energy use and bedrooms (seeded from Ofgem's values). */
export const UsageEstimate: ResourceSpec = {
  name: 'UsageEstimate',
  label: 'Usage estimates',
  table: 'usage_estimates',
  area: 'tariffs',
  menu: 'Pricing',
  fields: {
    ...SYSTEM_FIELDS,
    supplyType: { kind: 'enum', values: SUPPLY_TYPES, required: true, filter: 'eq', list: true },
    utilityType: { kind: 'enum', values: UTILITY_TYPES.filter((u) => u === 'electric' || u === 'gas'), required: true, filter: 'eq', list: true },
    energyUseType: { kind: 'enum', values: ENERGY_USE_TYPES, required: true, filter: 'eq', list: true },
    bedrooms: { kind: 'int', required: true, filter: 'eq', list: true, sort: true },
    kwhPerYear: { kind: 'int', required: true, list: true },
    estimateType: { kind: 'enum', values: USAGE_ESTIMATE_TYPES, required: true, defaultValue: 'MONTHLY', list: true },
  },
  search: [],
  defaultSort: { field: 'bedrooms', order: 'ASC' },
  representation: '${supplyType} ${utilityType} ${energyUseType} ${bedrooms}',
  create: true,
  update: true,
  delete: 'hard',
  groupScoped: false,
};

/** The margin each margin type adds to a quote, in basis points (500 = 5%). */
export const Margin: ResourceSpec = {
  name: 'Margin',
  label: 'Margins',
  table: 'margins',
  area: 'tariffs',
  menu: 'Pricing',
  fields: {
    ...SYSTEM_FIELDS,
    marginType: { kind: 'enum', values: MARGIN_TYPES, required: true, createOnly: true, list: true, sort: true },
    basisPoints: { kind: 'int', required: true, list: true, sort: true, help: '100 basis points = 1%' },
  },
  search: [],
  defaultSort: { field: 'basisPoints', order: 'ASC' },
  representation: 'marginType',
  // One row per margin type exists from the start (the schema seeds them): staff change percentages only.
  create: false,
  update: true,
  delete: 'never',
  groupScoped: false,
};
