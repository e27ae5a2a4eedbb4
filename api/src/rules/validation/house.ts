/**
 * House and house-contract rules of the specification §4 ("Rules tied to status") and §5.
 *
 * Value sets are those of the specification (services: gas, electric, water, tv_licence, broadband; service
 * statuses of §4 "Status sets"; supply types NO_SUPPLY, ELEC_ONLY, GAS_ONLY, DUAL; billing types PLAN, BILL).
 * Inputs are typed as plain strings so that these rules accept whatever the data model stores; the value
 * lists here are private to the rules, the single TypeScript source of the enumerations is `../enums`.
 */
import { isCalendarDate } from './calendar';
import { isBlank, type RuleResult } from './common';

const SERVICES = ['gas', 'electric', 'water', 'tv_licence', 'broadband'] as const;

export const HOUSE_MESSAGES = {
  utilities: 'Choose electricity or gas, plus at least one more utility',
  tooManyPlanContracts: 'A tenant can have at most two active or future plan-billing house contracts',
  servicesStillOpen: 'A house contract can be closed only when every service is cancelled or not ordered',
  elecOnlyGasActive: 'Electricity Only cannot be chosen while gas is active',
  elecOnlyGasPending: 'Electricity Only cannot be chosen while a gas order is pending',
} as const;

/** Specification §9: front office 1 to 12, back office 1 to 14. */
export const TENANT_LIMITS = { FRONT_OFFICE: 12, BACK_OFFICE: 14 } as const;
export type Office = keyof typeof TENANT_LIMITS;

function wholeNumber(value: unknown): number | null {
  const number = typeof value === 'string' ? (/^-?\d+$/.test(value.trim()) ? Number(value.trim()) : null) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
}

/** Number of tenants (also "number of bedrooms" in the back office): a whole number 1–12 (front office) or 1–14 (back office). */
export function numberOfTenants({ value, office }: { value: unknown; office: Office }): RuleResult {
  if (isBlank(value)) return null;
  const number = wholeNumber(value);
  const max = TENANT_LIMITS[office];
  return number !== null && number >= 1 && number <= max ? null : `Number of tenants must be a whole number from 1 to ${max}`;
}

/** Customers sharing: a whole number from 1 to the number of bedrooms (checked only once bedrooms is known). */
export function customersSharing({ value, bedrooms }: { value: unknown; bedrooms: unknown }): RuleResult {
  if (isBlank(value)) return null;
  const number = wholeNumber(value);
  const max = wholeNumber(bedrooms);
  if (number === null || number < 1) return 'Customers sharing must be a whole number of at least 1';
  if (max !== null && max >= 1 && number > max) return `Customers sharing cannot be more than the number of bedrooms (${max})`;
  return null;
}

/** Utilities chosen: electricity or gas, plus at least one more (distinct) utility. Unknown services are refused. */
export function utilitiesSelection(services: unknown): RuleResult {
  if (isBlank(services) || !Array.isArray(services)) return null;
  const unknown = services.find((service) => !(SERVICES as readonly unknown[]).includes(service));
  if (unknown !== undefined) return `Unknown utility: ${String(unknown)}`;
  const chosen = new Set(services as string[]);
  return (chosen.has('electric') || chosen.has('gas')) && chosen.size >= 2 ? null : HOUSE_MESSAGES.utilities;
}

/** What the plan-contract limit needs to know of a house contract the tenant belongs to. */
export interface TenantHouseContract {
  id?: string | number | null;
  billingType: string; // PLAN or BILL
  startDate: string;
  endDate: string | null; // inclusive; null: open-ended
  status?: string | null; // a CLOSED contract does not count
}

/**
 * Active or future, as in spec §4 "Contract period": current when today lies within start and end
 * (inclusive), future when it starts later; so, not yet ended on `today`. A CLOSED contract never counts.
 */
function activeOrFuture(contract: TenantHouseContract, today: string): boolean {
  if (contract.status === 'CLOSED') return false;
  return contract.endDate === null || !isCalendarDate(contract.endDate) || contract.endDate >= today;
}

/**
 * At most two active or future PLAN-billing house contracts per tenant. `contract` is the one being created or
 * edited; `existing` are the tenant's other house contracts (the one with the same id is ignored).
 */
export function planHouseContractsPerTenant({
  contract,
  existing,
  today,
}: {
  contract: TenantHouseContract;
  existing: readonly TenantHouseContract[];
  today: string;
}): RuleResult {
  if (contract.billingType !== 'PLAN' || !activeOrFuture(contract, today)) return null;
  const sameId = (other: TenantHouseContract) =>
    contract.id !== undefined && contract.id !== null && other.id !== undefined && other.id !== null && String(other.id) === String(contract.id);
  const others = existing.filter((other) => !sameId(other) && other.billingType === 'PLAN' && activeOrFuture(other, today));
  return others.length >= 2 ? HOUSE_MESSAGES.tooManyPlanContracts : null;
}

export interface ServiceState {
  utilityType: string;
  utilityStatus: string;
}

/** Spec §4: a house contract can be closed only when every service is CANCELLED or NOT_ORDERED. */
export function houseContractCanClose({ services }: { services: readonly ServiceState[] }): RuleResult {
  return services.every((service) => service.utilityStatus === 'CANCELLED' || service.utilityStatus === 'NOT_ORDERED')
    ? null
    : HOUSE_MESSAGES.servicesStillOpen;
}

/**
 * Spec §4: "Electricity Only cannot be chosen while gas is active, nor while gas is not yet ordered and an
 * order needs initiating". With the service statuses of §4, choosing supply type ELEC_ONLY is refused when a
 * gas service is:
 * - ACTIVE (message "… while gas is active");
 * - ORDERED_BY_THE_TENANT (asked for, the order still needs initiating with the supplier) or ACTIONED_BY_{provider}
 *   (order initiated, supply not yet active) — "pending" in the issue (message "… while a gas order is pending").
 * It is allowed when gas is NOT_ORDERED, OBJECTED, UNCLEAR_INFO, TO_CANCEL, PENDING_CANCELLATION or CANCELLED,
 * or when there is no gas service. Other supply types are not restricted here.
 */
export function electricityOnlyAllowed({ supplyType, services }: { supplyType: unknown; services: readonly ServiceState[] }): RuleResult {
  if (supplyType !== 'ELEC_ONLY') return null;
  const gas = services.filter((service) => service.utilityType === 'gas');
  if (gas.some((service) => service.utilityStatus === 'ACTIVE')) return HOUSE_MESSAGES.elecOnlyGasActive;
  const pending = (status: string) => status === 'ORDERED_BY_THE_TENANT' || status.startsWith('ACTIONED_BY_');
  return gas.some((service) => pending(service.utilityStatus)) ? HOUSE_MESSAGES.elecOnlyGasPending : null;
}
