import { addDays, isCalendarDate } from './validation/calendar';

/**
 * The batch house contract rules (specification §5), pure: a contract's new dates with its services (each
 * with its tariff periods) and tenant contracts, as they would be after the change. Services of each utility
 * cover the contract with no gaps (one starting at its start, one ending at its end); a service's tariff
 * periods neither overlap nor leave gaps and match its start and end; tenant contracts cover both ends with
 * no gaps; every end is after its start; the group cannot change while a tenant is active.
 */
export interface Period {
  start: string;
  end: string;
}
export interface BatchContractPlan {
  contract: Period;
  services: Array<Period & { utilityType: string; tariffs: Period[] }>;
  tenantContracts: Period[];
  groupChanges: boolean;
  hasActiveTenant: boolean;
}
export interface BatchRuleError {
  field: string;
  rule: string;
  message: string;
}

export const BATCH_CONTRACT_MESSAGES = {
  endAfterStart: (what: string) => `${what}: the end date must be after the start date`,
  date: (what: string) => `${what}: enter real dates`,
  servicesStart: (utility: string) => `The ${utility} services must start on the contract's start date`,
  servicesEnd: (utility: string) => `The ${utility} services must end on the contract's end date`,
  servicesGap: (utility: string, from: string, to: string) => `The ${utility} services leave a gap from ${from} to ${to}`,
  tariffsStart: (utility: string) => `The ${utility} service's tariffs must start on the service's start date`,
  tariffsEnd: (utility: string) => `The ${utility} service's tariffs must end on the service's end date`,
  tariffsOverlap: (utility: string, at: string) => `The ${utility} service's tariffs overlap on ${at}`,
  tariffsGap: (utility: string, from: string, to: string) => `The ${utility} service's tariffs leave a gap from ${from} to ${to}`,
  tenantsStart: 'A tenant contract must start on the contract\'s start date',
  tenantsEnd: 'A tenant contract must end on the contract\'s end date',
  tenantsGap: (from: string, to: string) => `No tenant contract covers ${from} to ${to}`,
  groupWithActiveTenant: 'The group cannot change while a tenant is active',
} as const;

const sorted = <T extends Period>(periods: readonly T[]) => [...periods].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));

/** The first uncovered stretch inside the union of the periods (from its first start to its last end), if any. */
function firstGap(periods: readonly Period[]): Period | null {
  let reach: string | null = null;
  for (const period of sorted(periods)) {
    if (reach !== null && period.start > addDays(reach, 1)) return { start: addDays(reach, 1), end: addDays(period.start, -1) };
    if (reach === null || period.end > reach) reach = period.end;
  }
  return null;
}

function firstOverlap(periods: readonly Period[]): string | null {
  const list = sorted(periods);
  for (let i = 1; i < list.length; i++) if (list[i]!.start <= list[i - 1]!.end) return list[i]!.start;
  return null;
}

export function batchContractErrors(plan: BatchContractPlan): BatchRuleError[] {
  const errors: BatchRuleError[] = [];
  const push = (field: string, rule: string, message: string) => errors.push({ field, rule, message });
  const checkPeriod = (field: string, what: string, period: Period) => {
    if (!isCalendarDate(period.start) || !isCalendarDate(period.end)) push(field, 'validDate', BATCH_CONTRACT_MESSAGES.date(what));
    else if (period.end <= period.start) push(field, 'endAfterStart', BATCH_CONTRACT_MESSAGES.endAfterStart(what));
  };
  checkPeriod('endDate', 'The contract', plan.contract);
  plan.services.forEach((service, index) => {
    checkPeriod(`services[${index}].endDate`, `The ${service.utilityType} service`, service);
    service.tariffs.forEach((tariff, t) => checkPeriod(`services[${index}].tariffs[${t}].endDate`, `A ${service.utilityType} tariff`, tariff));
  });
  plan.tenantContracts.forEach((tenant, index) => checkPeriod(`tenantContracts[${index}].endDate`, 'A tenant contract', tenant));
  if (errors.length) return errors;

  const { start, end } = plan.contract;
  for (const utility of [...new Set(plan.services.map((service) => service.utilityType))]) {
    const ofUtility = plan.services.filter((service) => service.utilityType === utility);
    if (!ofUtility.some((service) => service.start === start)) push('services', 'coverStart', BATCH_CONTRACT_MESSAGES.servicesStart(utility));
    if (!ofUtility.some((service) => service.end === end)) push('services', 'coverEnd', BATCH_CONTRACT_MESSAGES.servicesEnd(utility));
    const gap = firstGap(ofUtility);
    if (gap) push('services', 'noGaps', BATCH_CONTRACT_MESSAGES.servicesGap(utility, gap.start, gap.end));
  }
  plan.services.forEach((service, index) => {
    if (!service.tariffs.length) return;
    const field = `services[${index}].tariffs`;
    const list = sorted(service.tariffs);
    if (list[0]!.start !== service.start) push(field, 'matchStart', BATCH_CONTRACT_MESSAGES.tariffsStart(service.utilityType));
    if (list.reduce((last, tariff) => (tariff.end > last ? tariff.end : last), list[0]!.end) !== service.end) push(field, 'matchEnd', BATCH_CONTRACT_MESSAGES.tariffsEnd(service.utilityType));
    const overlap = firstOverlap(list);
    if (overlap) push(field, 'noOverlap', BATCH_CONTRACT_MESSAGES.tariffsOverlap(service.utilityType, overlap));
    const gap = firstGap(list);
    if (gap) push(field, 'noGaps', BATCH_CONTRACT_MESSAGES.tariffsGap(service.utilityType, gap.start, gap.end));
  });
  if (plan.tenantContracts.length) {
    if (!plan.tenantContracts.some((tenant) => tenant.start === start)) push('tenantContracts', 'coverStart', BATCH_CONTRACT_MESSAGES.tenantsStart);
    if (!plan.tenantContracts.some((tenant) => tenant.end === end)) push('tenantContracts', 'coverEnd', BATCH_CONTRACT_MESSAGES.tenantsEnd);
    const gap = firstGap(plan.tenantContracts);
    if (gap) push('tenantContracts', 'noGaps', BATCH_CONTRACT_MESSAGES.tenantsGap(gap.start, gap.end));
  }
  if (plan.groupChanges && plan.hasActiveTenant) push('groupId', 'activeTenant', BATCH_CONTRACT_MESSAGES.groupWithActiveTenant);
  return errors;
}
