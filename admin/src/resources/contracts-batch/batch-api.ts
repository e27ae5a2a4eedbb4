import { callGraphql } from '../../providers/graphql-action';

/** A selected house contract as the server reads it for the batch screen (contracts-batch/batch-contracts-view.service.ts). */
export interface BatchContract {
  id: string;
  house: string;
  status: string;
  signUpDate: string;
  endDate: string;
  services: Array<{ id: string; utilityType: string; utilityStatus: string; startDate: string | null; endDate: string | null; tariffs: TariffPeriod[] }>;
  tenantContracts: Array<{ id: string; tenantName: string; status: string; startDate: string; endDate: string }>;
}

export interface TariffPeriod {
  tariffId: string;
  tariffName: string;
  startDate: string;
  endDate: string;
}

/** What the batch sends for one contract: only what changed. */
export interface ContractChange {
  houseContractId: string;
  signUpDate?: string;
  endDate?: string;
  services?: Array<{ id: string; startDate?: string | null; endDate?: string | null; tariffs?: Array<{ tariffId: string; startDate: string; endDate: string }> }>;
  tenantContracts?: Array<{ id: string; startDate: string; endDate: string }>;
}

export interface ContractResult {
  houseContractId: string;
  ok: boolean;
  errors: Array<{ field: string; rule: string; message: string }>;
}

/** The most contracts one batch changes (specification §5 and §9). */
export const BATCH_LIMIT = 1000;

const LOAD = `query ($ids: [ID!]!) { contracts: houseContractsForBatch(ids: $ids) {
  id house status signUpDate endDate
  services { id utilityType utilityStatus startDate endDate tariffs { tariffId tariffName startDate endDate } }
  tenantContracts { id tenantName status startDate endDate }
} }`;
const SAVE = 'mutation ($items: JSON!) { results: batchUpdateHouseContracts(items: $items) { houseContractId ok errors { field rule message } } }';

export async function loadBatch(ids: readonly string[], groupId: number): Promise<BatchContract[]> {
  return (await callGraphql<{ contracts: BatchContract[] }>(LOAD, { ids }, groupId)).contracts;
}

export async function saveBatch(items: ContractChange[], groupId: number): Promise<ContractResult[]> {
  return (await callGraphql<{ results: ContractResult[] }>(SAVE, { items }, groupId)).results;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The change from what was loaded to what staff made of it, or null when they changed nothing. */
export function changeOf(original: BatchContract, draft: BatchContract): ContractChange | null {
  const change: ContractChange = { houseContractId: draft.id };
  if (draft.signUpDate !== original.signUpDate) change.signUpDate = draft.signUpDate;
  if (draft.endDate !== original.endDate) change.endDate = draft.endDate;
  const services = draft.services.flatMap((service, index) => {
    const before = original.services[index]!;
    const tariffsChanged = !same(service.tariffs, before.tariffs);
    if (service.startDate === before.startDate && service.endDate === before.endDate && !tariffsChanged) return [];
    return [{ id: service.id, startDate: service.startDate, endDate: service.endDate, ...(tariffsChanged ? { tariffs: service.tariffs.map(({ tariffId, startDate, endDate }) => ({ tariffId, startDate, endDate })) } : {}) }];
  });
  if (services.length) change.services = services;
  const tenants = draft.tenantContracts.filter((tenant, index) => !same(tenant, original.tenantContracts[index])).map(({ id, startDate, endDate }) => ({ id, startDate, endDate }));
  if (tenants.length) change.tenantContracts = tenants;
  return Object.keys(change).length > 1 ? change : null;
}

/**
 * New dates for a whole selection: each contract gets the dates given (an empty one is left as it is) and, when
 * `carry` is on, everything that started or ended with the contract moves with it (services, the first and last
 * tariff period of each, tenant contracts), so the §5 rules still hold after the change.
 */
export function withNewDates(contract: BatchContract, dates: { start: string; end: string; carry: boolean }): BatchContract {
  const start = dates.start || contract.signUpDate;
  const end = dates.end || contract.endDate;
  if (!dates.carry) return { ...contract, signUpDate: start, endDate: end };
  const move = (value: string | null, from: string, to: string) => (value === from ? to : value);
  return {
    ...contract,
    signUpDate: start,
    endDate: end,
    services: contract.services.map((service) => {
      const serviceStart = service.startDate ?? contract.signUpDate;
      const serviceEnd = service.endDate ?? contract.endDate;
      return {
        ...service,
        startDate: move(service.startDate, contract.signUpDate, start),
        endDate: move(service.endDate, contract.endDate, end),
        tariffs: service.tariffs.map((tariff) => ({
          ...tariff,
          startDate: move(tariff.startDate, serviceStart, serviceStart === contract.signUpDate ? start : serviceStart)!,
          endDate: move(tariff.endDate, serviceEnd, serviceEnd === contract.endDate ? end : serviceEnd)!,
        })),
      };
    }),
    tenantContracts: contract.tenantContracts.map((tenant) => ({ ...tenant, startDate: move(tenant.startDate, contract.signUpDate, start)!, endDate: move(tenant.endDate, contract.endDate, end)! })),
  };
}
