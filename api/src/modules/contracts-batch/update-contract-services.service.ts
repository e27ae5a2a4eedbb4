import { HouseContract, Service, type Knex } from '@app/db';
import { recordChanges, type AuditChange } from '../../audit/record-change';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError, type FieldError } from '../../errors/domain-error';
import {
  BROADBAND_SPEEDS,
  PERMISSION_KEY_MESSAGES,
  resourceSpec,
  SERVICE_STATUS_KEYS,
  serviceTransitionAllowed,
  serviceTransitionMessage,
  UTILITY_STATUSES,
  UTILITY_TYPES,
} from '../../rules';
import { requireGroup } from '../records/record-scope';

export interface ServicesCaller {
  db: Knex;
  user: AuthUser;
  groupId: number | null;
}

/** One change: ORDER a utility, UPGRADE broadband's speed, CANCEL a service, or set a status directly. */
export interface ServiceChangeInput {
  action?: unknown;
  utilityType?: unknown;
  serviceId?: unknown;
  status?: unknown;
  broadbandSpeed?: unknown;
}

const ACTIONS = ['ORDER', 'UPGRADE', 'CANCEL', 'SET_STATUS'] as const;
const MAX_CHANGES = 20;

interface Planned {
  service: Service | null;
  utilityType: string;
  utilityStatus: string;
  changeStatus: string | null;
  broadbandSpeed?: string;
}

/**
 * `POST /api/v2/contract/update-contract-services`: orders, upgrades or cancels services of one house contract
 * of the caller's group, or moves their statuses, through the service status machine; each status change needs
 * the utility's named permission (CHANGE_GAS_STATUS, …). Every change is checked first; then all are written
 * in one transaction and audited. Any refusal writes nothing and names the change and field.
 */
export async function updateContractServices(caller: ServicesCaller, houseContractId: unknown, changes: unknown): Promise<Service[]> {
  const groupId = requireGroup(resourceSpec('Service'), caller.groupId);
  const list = Array.isArray(changes) ? (changes as ServiceChangeInput[]) : [];
  if (!/^\d{1,9}$/.test(String(houseContractId ?? ''))) throw DomainError.invalid([{ field: 'houseContractId', rule: 'required', message: 'Choose a house contract' }]);
  if (!list.length || list.length > MAX_CHANGES) throw DomainError.invalid([{ field: 'services', rule: 'count', message: `Send 1 to ${MAX_CHANGES} service changes` }]);
  const keys = caller.user.permissions?.keys ?? [];

  return caller.db.transaction(async (trx) => {
    const contract = await HouseContract.query(trx).findOne({ id: Number(houseContractId), group_id: groupId }).forUpdate();
    if (!contract) throw new DomainError('NOT_FOUND', `House contracts: no record ${String(houseContractId)}`, { fields: [{ field: 'houseContractId', rule: 'exists', message: 'not found' }] });
    const services = await Service.query(trx).where({ house_contract_id: contract.id }).forUpdate().orderBy('id');
    const errors: FieldError[] = [];
    const planned: Planned[] = [];
    list.forEach((change, index) => {
      const at = (field: string) => `services[${index}].${field}`;
      const fail = (field: string, rule: string, message: string) => void errors.push({ field: at(field), rule, message });
      const action = String(change?.action ?? (change?.status !== undefined ? 'SET_STATUS' : ''));
      if (!(ACTIONS as readonly string[]).includes(action)) return fail('action', 'oneOf', `Action must be one of ${ACTIONS.join(', ')}`);
      let service: Service | null = null;
      if (change.serviceId !== undefined && change.serviceId !== null) {
        service = services.find((candidate) => String(candidate.id) === String(change.serviceId)) ?? null;
        if (!service) return fail('serviceId', 'exists', `This contract has no service ${String(change.serviceId)}`);
      } else if (change.utilityType !== undefined) {
        if (!(UTILITY_TYPES as readonly string[]).includes(String(change.utilityType))) return fail('utilityType', 'oneOf', `Utility type must be one of ${UTILITY_TYPES.join(', ')}`);
        service = services.find((candidate) => candidate.utilityType === change.utilityType && candidate.utilityStatus !== 'CANCELLED') ?? services.find((candidate) => candidate.utilityType === change.utilityType) ?? null;
      } else return fail('serviceId', 'required', 'Name the service (serviceId) or the utility (utilityType)');
      const utilityType = service?.utilityType ?? String(change.utilityType);
      const from = service?.utilityStatus ?? 'NOT_ORDERED';
      let to = from;
      let changeStatus: string | null = service?.changeStatus ?? null;
      let broadbandSpeed: string | undefined;
      if (action === 'ORDER') {
        to = 'ORDERED_BY_THE_TENANT';
        changeStatus = 'NEW_UTILITY_REQUESTED';
      } else if (action === 'CANCEL') {
        if (!service) return fail('serviceId', 'exists', `This contract has no ${utilityType} service`);
        to = ['ACTIVE'].includes(from) ? 'TO_CANCEL' : 'CANCELLED';
        changeStatus = 'CANCELATION_REQUESTED';
      } else if (action === 'UPGRADE') {
        if (!service || utilityType !== 'broadband') return fail('utilityType', 'broadbandOnly', 'Only a broadband service is upgraded');
        const speed = String(change.broadbandSpeed ?? '');
        if (!(BROADBAND_SPEEDS as readonly string[]).includes(speed)) return fail('broadbandSpeed', 'oneOf', `Speed must be one of ${BROADBAND_SPEEDS.join(', ')}`);
        if (service.broadbandSpeed !== null && Number(speed) <= Number(service.broadbandSpeed)) return fail('broadbandSpeed', 'upgrade', `An upgrade must be faster than ${String(service.broadbandSpeed)} Mbps`);
        broadbandSpeed = speed;
        changeStatus = 'UPGRADE_REQUESTED';
      } else {
        to = String(change.status);
        if (!(UTILITY_STATUSES as readonly string[]).includes(to)) return fail('status', 'oneOf', `Status must be one of ${UTILITY_STATUSES.join(', ')}`);
        if (!service) return fail('serviceId', 'exists', `This contract has no ${utilityType} service`);
        if (['CANCELLED', 'PENDING_CANCELLATION'].includes(to)) changeStatus = 'CANCELATION_PROCESSED';
        else if (to === 'ACTIVE') changeStatus = 'PROCESSED';
      }
      if (!serviceTransitionAllowed(from, to)) return fail('status', 'transition', serviceTransitionMessage(utilityType, from, to));
      const key = SERVICE_STATUS_KEYS[utilityType];
      if (to !== from && key && !keys.includes(key)) return fail('status', 'permission', PERMISSION_KEY_MESSAGES.serviceStatus(utilityType, key));
      if (planned.some((other) => other.utilityType === utilityType && other.service?.id === service?.id)) return fail('utilityType', 'unique', `The ${utilityType} service is changed twice`);
      planned.push({ service, utilityType, utilityStatus: to, changeStatus, ...(broadbandSpeed !== undefined ? { broadbandSpeed } : {}) });
    });
    if (errors.length) throw DomainError.invalid(errors);

    const audit: AuditChange[] = [];
    for (const plan of planned) {
      if (plan.service && !(plan.service.utilityStatus === 'CANCELLED' && plan.utilityStatus === 'ORDERED_BY_THE_TENANT')) {
        const after = await Service.query(trx).patchAndFetchById(plan.service.id, {
          utilityStatus: plan.utilityStatus,
          changeStatus: plan.changeStatus,
          ...(plan.broadbandSpeed !== undefined ? { broadbandSpeed: plan.broadbandSpeed } : {}),
          updatedAt: new Date(),
        } as Partial<Service>);
        audit.push({ action: 'UPDATE', entity: 'services', entityId: after.id, actorUserId: caller.user.id, before: plan.service.toJSON(), after: after.toJSON() });
      } else {
        // A new order (or a cancelled service ordered again) is a service of its own, from today on the contract.
        const created = await Service.query(trx).insertAndFetch({ groupId, houseContractId: contract.id, utilityType: plan.utilityType, utilityStatus: plan.utilityStatus, changeStatus: plan.changeStatus } as Partial<Service>);
        audit.push({ action: 'INSERT', entity: 'services', entityId: created.id, actorUserId: caller.user.id, after: created.toJSON() });
      }
    }
    await recordChanges(trx, audit);
    return Service.query(trx).where({ house_contract_id: contract.id }).orderBy('id');
  });
}
