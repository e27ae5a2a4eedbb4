import type { Knex } from '@app/db';
import { recordChanges, type AuditChange } from '../../audit/record-change';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { batchContractErrors, batchSize, isCalendarDate, resourceSpec, type Period } from '../../rules';
import { toRecord } from '../records/record-mapping';
import { requireGroup } from '../records/record-scope';
import { RECORD_RULES } from '../records/rules';
import { readSystemCurrentDate } from '../settings/read-current-date.service';

export interface BatchCaller {
  db: Knex;
  user: AuthUser;
  groupId: number | null;
}

/** One selected contract's change: any of its dates and group, its services' dates and tariffs, its tenant contracts' dates. */
export interface ContractChange {
  houseContractId?: unknown;
  signUpDate?: unknown;
  endDate?: unknown;
  groupId?: unknown;
  services?: Array<{ id?: unknown; startDate?: unknown; endDate?: unknown; tariffs?: Array<{ tariffId?: unknown; startDate?: unknown; endDate?: unknown }> }>;
  tenantContracts?: Array<{ id?: unknown; startDate?: unknown; endDate?: unknown }>;
}

export interface ContractResult {
  houseContractId: string;
  ok: boolean;
  errors: FieldError[];
}

type Row = Record<string, unknown> & { id: number };
const day = (value: unknown): string => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? '').slice(0, 10));
const given = (value: unknown) => value !== undefined && value !== null && value !== '';
class Refused extends Error {
  constructor(readonly errors: FieldError[]) {
    super('refused');
  }
}

async function applyOne(caller: BatchCaller, groupId: number, change: ContractChange, today: string): Promise<void> {
  const refuse = (field: string, rule: string, message: string) => {
    throw new Refused([{ field, rule, message }]);
  };
  if (!/^\d{1,9}$/.test(String(change?.houseContractId ?? ''))) refuse('houseContractId', 'required', 'Choose a house contract');
  await caller.db.transaction(async (trx) => {
    const contract: Row | undefined = await trx('house_contracts').where({ id: Number(change.houseContractId), group_id: groupId }).forUpdate().first();
    if (!contract) return refuse('houseContractId', 'exists', `House contracts: no record ${String(change.houseContractId)}`);
    const services: Row[] = await trx('services').where({ house_contract_id: contract.id }).forUpdate().orderBy('id');
    const tenants: Row[] = await trx('tenant_contracts').where({ house_contract_id: contract.id }).forUpdate().orderBy('id');
    const assignments: Row[] = services.length ? await trx('tariff_assignments').whereIn('service_id', services.map((s) => s.id)).orderBy(['service_id', 'start_date']) : [];

    const newContract = { start: given(change.signUpDate) ? String(change.signUpDate) : day(contract.sign_up_date), end: given(change.endDate) ? String(change.endDate) : day(contract.end_date) };
    const newGroup = given(change.groupId) ? Number(change.groupId) : (contract.group_id as number);
    if (newGroup !== contract.group_id && !(Number.isSafeInteger(newGroup) && (await trx('groups').where({ id: newGroup }).first('id')))) refuse('groupId', 'exists', `No group ${String(change.groupId)}`);

    const serviceChanges = new Map<number, NonNullable<ContractChange['services']>[number]>();
    (change.services ?? []).forEach((item, index) => {
      const service = services.find((s) => String(s.id) === String(item?.id));
      if (!service) refuse(`services[${index}].id`, 'exists', `This contract has no service ${String(item?.id)}`);
      serviceChanges.set(service!.id, item);
    });
    const tariffIds = [...serviceChanges.values()].flatMap((item) => (item.tariffs ?? []).map((tariff) => Number(tariff.tariffId)));
    if (tariffIds.some((id) => !Number.isSafeInteger(id) || id <= 0)) refuse('services', 'tariff', 'Each tariff period names a tariff (tariffId)');
    const known = new Set<number>((await trx('tariffs').whereIn('id', tariffIds).pluck('id')) as number[]);
    const unknown = tariffIds.find((id) => !known.has(id));
    if (unknown !== undefined) refuse('services', 'tariff', `Tariff not found: ${unknown}`);
    const tenantChanges = new Map<number, NonNullable<ContractChange['tenantContracts']>[number]>();
    (change.tenantContracts ?? []).forEach((item, index) => {
      const tenant = tenants.find((t) => String(t.id) === String(item?.id));
      if (!tenant) refuse(`tenantContracts[${index}].id`, 'exists', `This contract has no tenant contract ${String(item?.id)}`);
      tenantChanges.set(tenant!.id, item);
    });

    const periodOf = (row: Row, item?: { startDate?: unknown; endDate?: unknown }, fallback?: Period): Period => ({
      start: given(item?.startDate) ? String(item!.startDate) : row.start_date ? day(row.start_date) : fallback!.start,
      end: given(item?.endDate) ? String(item!.endDate) : row.end_date ? day(row.end_date) : fallback!.end,
    });
    const plannedServices = services
      .filter((service) => !['CANCELLED', 'NOT_ORDERED'].includes(String(service.utility_status)))
      .map((service) => {
        const item = serviceChanges.get(service.id);
        const period = periodOf(service, item, newContract);
        const tariffs = item?.tariffs ? item.tariffs.map((tariff) => ({ start: String(tariff.startDate ?? ''), end: String(tariff.endDate ?? '') })) : assignments.filter((a) => a.service_id === service.id).map((a) => ({ start: day(a.start_date), end: day(a.end_date) }));
        return { id: service.id, utilityType: String(service.utility_type), ...period, tariffs };
      });
    const plannedTenants = tenants.filter((tenant) => tenant.status !== 'CANCELLED').map((tenant) => ({ id: tenant.id, ...periodOf(tenant, tenantChanges.get(tenant.id)) }));
    const errors: FieldError[] = batchContractErrors({
      contract: newContract,
      services: plannedServices,
      tenantContracts: plannedTenants,
      groupChanges: newGroup !== contract.group_id,
      hasActiveTenant: tenants.some((tenant) => tenant.status === 'ACTIVE'),
    });
    if (!errors.length && (given(change.signUpDate) || given(change.endDate))) {
      // The house contract's own rules too (duration, no overlap with the house's other contracts).
      const spec = resourceSpec('HouseContract');
      const existing = toRecord(spec, contract);
      const record = { ...existing, signUpDate: newContract.start, endDate: newContract.end };
      const own = (await RECORD_RULES.HouseContract?.validate?.(record, { trx, user: caller.user, groupId, today, existing })) ?? [];
      errors.push(...own.filter((error) => ['signUpDate', 'endDate'].includes(error.field)));
    }
    if (errors.length) throw new Refused(errors);

    const audit: AuditChange[] = [];
    const update = async (table: string, row: Row, values: Record<string, unknown>) => {
      const [after] = await trx(table).where({ id: row.id }).update({ ...values, updated_at: trx.fn.now() }).returning('*');
      audit.push({ action: 'UPDATE', entity: table, entityId: row.id, actorUserId: caller.user.id, before: row, after });
    };
    await update('house_contracts', contract, { sign_up_date: newContract.start, end_date: newContract.end, group_id: newGroup });
    for (const service of services) {
      const planned = plannedServices.find((p) => p.id === service.id);
      const item = serviceChanges.get(service.id);
      if (item || newGroup !== contract.group_id) await update('services', service, { ...(planned && item ? { start_date: planned.start, end_date: planned.end } : {}), group_id: newGroup });
      if (item?.tariffs) {
        const old = assignments.filter((a) => a.service_id === service.id);
        await trx('tariff_assignments').whereIn('id', old.map((a) => a.id)).delete();
        old.forEach((a) => audit.push({ action: 'DELETE', entity: 'tariff_assignments', entityId: a.id, actorUserId: caller.user.id, before: a }));
        if (item.tariffs.length) {
          const inserted: Row[] = await trx('tariff_assignments').insert(item.tariffs.map((tariff) => ({ service_id: service.id, tariff_id: Number(tariff.tariffId), start_date: String(tariff.startDate), end_date: String(tariff.endDate) }))).returning('*');
          inserted.forEach((a) => audit.push({ action: 'INSERT', entity: 'tariff_assignments', entityId: a.id, actorUserId: caller.user.id, after: a }));
        }
      }
    }
    for (const tenant of tenants) {
      const planned = plannedTenants.find((p) => p.id === tenant.id);
      if (tenantChanges.has(tenant.id) && planned) await update('tenant_contracts', tenant, { start_date: planned.start, end_date: planned.end });
    }
    await recordChanges(trx, audit);
  });
}

/**
 * The batch update of house contracts (a back-office screen over the selected contracts, at most 1000): each
 * contract's change is checked by every §5 batch rule and the contract's own rules, then applied in one
 * transaction of its own, so one refused contract leaves the others applied. Answers a result per contract.
 */
export async function batchUpdateHouseContracts(caller: BatchCaller, items: unknown): Promise<ContractResult[]> {
  const groupId = requireGroup(resourceSpec('HouseContract'), caller.groupId);
  const list = Array.isArray(items) ? (items as ContractChange[]) : [];
  if (!list.length) throw DomainError.invalid([{ field: 'items', rule: 'required', message: 'Select at least one house contract' }]);
  const tooMany = batchSize(list);
  if (tooMany) throw DomainError.invalid([{ field: 'items', rule: 'batchLimit', message: tooMany }]);
  const today = await readSystemCurrentDate(caller.db);
  const results: ContractResult[] = [];
  for (const change of list) {
    const houseContractId = String(change?.houseContractId ?? '');
    const dates = [change?.signUpDate, change?.endDate].filter(given);
    try {
      if (dates.some((date) => !isCalendarDate(date))) throw new Refused([{ field: 'endDate', rule: 'validDate', message: 'The contract: enter real dates' }]);
      await applyOne(caller, groupId, change, today);
      results.push({ houseContractId, ok: true, errors: [] });
    } catch (error) {
      if (error instanceof Refused) results.push({ houseContractId, ok: false, errors: error.errors });
      else if ((error as { code?: string }).code?.startsWith('23')) results.push({ houseContractId, ok: false, errors: [{ field: 'houseContractId', rule: 'database', message: `The change breaks a rule of the data: ${(error as Error).message.split(' - ').pop()}` }] });
      else throw error;
    }
  }
  return results;
}
