import { BillRun, BillRunHouse } from './billing-runs';
import { FINANCE_CODE_RESOURCES } from './finance-codes';
import { MONEY_RESOURCES } from './money';
import { OPERATIONS_RESOURCES } from './operations';
import { Agency, Agent, AgentAgency, City, Contact, Group, Tenant } from './parties';
import { Margin, Tariff, TariffAssignment, UsageEstimate } from './pricing';
import { QuotePrice, WeeklyQuote } from './quotes';
import { Comment, House, HouseContract, Meter, MeterReading, Service, Supplier, SupplierContract, TenantContract } from './property';
import type { ResourceSpec } from './types';

export * from './types';
export { fieldLabel } from './field-labels';
export { boundsError, hasControlCharacters, isRecordId, type BoundsError } from './field-bounds';

/** Every record type of the back office, in menu order within each group. */
export const CATALOGUE: readonly ResourceSpec[] = [
  Agency,
  Agent,
  AgentAgency,
  Tenant,
  Contact,
  City,
  House,
  HouseContract,
  TenantContract,
  Service,
  Supplier,
  SupplierContract,
  Meter,
  MeterReading,
  Comment,
  Tariff,
  TariffAssignment,
  UsageEstimate,
  Margin,
  WeeklyQuote,
  QuotePrice,
  ...MONEY_RESOURCES,
  ...FINANCE_CODE_RESOURCES,
  BillRun,
  BillRunHouse,
  ...OPERATIONS_RESOURCES,
  Group,
];

const BY_NAME = new Map(CATALOGUE.map((spec) => [spec.name, spec]));

export function resourceSpec(name: string): ResourceSpec {
  const spec = BY_NAME.get(name);
  if (!spec) throw new Error(`No resource "${name}" in the catalogue`);
  return spec;
}

export function findResourceSpec(name: string): ResourceSpec | undefined {
  return BY_NAME.get(name);
}
