import type { Knex } from '@app/db';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { batchSize, resourceSpec } from '../../rules';
import { requireGroup } from '../records/record-scope';

/** A selected house contract as the batch screen edits it: its dates, services with their tariff periods, tenant contracts. */
export interface BatchContractView {
  id: number;
  /** The house, as people name it ("12 Brudenell Road, LS6 1BD"). */
  house: string;
  status: string;
  signUpDate: string;
  endDate: string;
  services: Array<{ id: number; utilityType: string; utilityStatus: string; startDate: string | null; endDate: string | null; tariffs: Array<{ tariffId: number; tariffName: string; startDate: string; endDate: string }> }>;
  tenantContracts: Array<{ id: number; tenantName: string; status: string; startDate: string; endDate: string }>;
}

const day = (value: unknown): string | null => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

function checkIds(ids: unknown): number[] {
  const list = Array.isArray(ids) ? ids : [];
  const errors: FieldError[] = [];
  if (!list.length) errors.push({ field: 'ids', rule: 'required', message: 'Select at least one house contract' });
  const tooMany = batchSize(list);
  if (tooMany) errors.push({ field: 'ids', rule: 'batchLimit', message: tooMany });
  const bad = list.filter((id) => !/^\d{1,9}$/.test(String(id)));
  if (bad.length) errors.push({ field: 'ids', rule: 'integer', message: `Not house contract ids: ${bad.slice(0, 10).join(', ')}` });
  if (errors.length) throw DomainError.invalid(errors);
  return [...new Set(list.map(Number))];
}

/**
 * The selected house contracts of the X-Group-ID group, read for the batch update screen (at most 1000), in four
 * set-based queries. An id outside the group is refused for the whole selection, without saying whether it
 * exists elsewhere, as the batch update itself does.
 */
export async function houseContractsForBatch(db: Knex, groupId: number | null, ids: unknown): Promise<BatchContractView[]> {
  const group = requireGroup(resourceSpec('HouseContract'), groupId);
  const wanted = checkIds(ids);
  const contracts: Array<Record<string, unknown> & { id: number }> = await db('house_contracts as hc')
    .join('houses as h', 'h.id', 'hc.house_id')
    .where('hc.group_id', group)
    .whereIn('hc.id', wanted)
    .orderBy('hc.id')
    .select('hc.id', 'hc.status', 'hc.sign_up_date', 'hc.end_date', 'h.street_name', 'h.post_code');
  const missing = wanted.filter((id) => !contracts.some((contract) => contract.id === id));
  if (missing.length) throw DomainError.invalid([{ field: 'ids', rule: 'exists', message: `House contracts: no record ${missing.slice(0, 10).join(', ')}` }]);
  const services: Array<Record<string, unknown> & { id: number; house_contract_id: number }> = await db('services').whereIn('house_contract_id', wanted).orderBy('id');
  const tariffs: Array<Record<string, unknown> & { service_id: number }> = services.length
    ? await db('tariff_assignments as ta').join('tariffs as t', 't.id', 'ta.tariff_id').whereIn('ta.service_id', services.map((service) => service.id)).orderBy(['ta.service_id', 'ta.start_date']).select('ta.service_id', 'ta.tariff_id', 't.name', 'ta.start_date', 'ta.end_date')
    : [];
  const tenants: Array<Record<string, unknown> & { house_contract_id: number }> = await db('tenant_contracts as tc')
    .join('users as u', 'u.id', 'tc.user_id')
    .whereIn('tc.house_contract_id', wanted)
    .orderBy('tc.id')
    .select('tc.id', 'tc.house_contract_id', 'tc.status', 'tc.start_date', 'tc.end_date', 'u.first_name', 'u.last_name');
  return contracts.map((contract) => ({
    id: contract.id,
    house: [contract.street_name, contract.post_code].filter(Boolean).join(', '),
    status: String(contract.status),
    signUpDate: day(contract.sign_up_date)!,
    endDate: day(contract.end_date)!,
    services: services
      .filter((service) => service.house_contract_id === contract.id)
      .map((service) => ({
        id: service.id,
        utilityType: String(service.utility_type),
        utilityStatus: String(service.utility_status),
        startDate: day(service.start_date),
        endDate: day(service.end_date),
        tariffs: tariffs.filter((tariff) => tariff.service_id === service.id).map((tariff) => ({ tariffId: Number(tariff.tariff_id), tariffName: String(tariff.name), startDate: day(tariff.start_date)!, endDate: day(tariff.end_date)! })),
      })),
    tenantContracts: tenants
      .filter((tenant) => tenant.house_contract_id === contract.id)
      .map((tenant) => ({ id: Number(tenant.id), tenantName: `${String(tenant.first_name ?? '')} ${String(tenant.last_name ?? '')}`.trim(), status: String(tenant.status), startDate: day(tenant.start_date)!, endDate: day(tenant.end_date)! })),
  }));
}
