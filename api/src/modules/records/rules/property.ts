import type { Knex } from '@app/db';
import {
  contractMaximumDuration,
  contractMinimumDuration,
  customersSharing,
  dateNotInFuture,
  dateNotInPast,
  dateWithinHouseContract,
  electricityOnlyAllowed,
  endAfterStart,
  houseContractCanClose,
  houseContractsDoNotOverlap,
  HOUSE_MESSAGES,
  METER_RATE_TYPES_BY_UTILITY,
  minimumAge,
  numberOfTenants,
  planHouseContractsPerTenant,
  readingTransitionAllowed,
  readingTransitionMessage,
  rangesOverlap,
  tenantContractWithinHouseContract,
  utilitiesSelection,
  BILLING_TYPE_KEYS,
  PERMISSION_KEY_MESSAGES,
  SERVICE_STATUS_KEYS,
  type ContractTerm,
  type PermissionKey,
  type ServiceState,
} from '../../../rules';
import { regionOfPostcode } from '../../../rules/quote/regions';
import { contractStatusChangeRefusal } from './contract-status-change';
import type { AuthUser } from '../../../auth/auth-user';
import type { RecordRules, RecordValues } from '../record-rules';
import { fieldErrors } from './field-errors';
import { notifyReadingDecision } from '../../readings/reading-decision-notification';

export const BILLING_TYPE_CHANGE_MESSAGE = 'Billing type can change to PLAN only after every sent bill is voided';
export const BROADBAND_SPEED_MESSAGE = 'Only a broadband service has a speed';
export const METER_RATE_TYPE_MESSAGE = 'This rate type does not fit the meter’s utility';
export const SUPPLIER_CONTRACT_DATES_MESSAGE = 'Supplier contract and house contract dates must overlap';
export const PLAN_NEEDS_PLAN_TYPE = 'A PLAN contract needs a plan type';

async function servicesOf(trx: Knex, houseContractId: unknown): Promise<ServiceState[]> {
  if (houseContractId === null || houseContractId === undefined) return [];
  const rows = await trx('services').where({ house_contract_id: houseContractId }).select('utility_type', 'utility_status');
  return rows.map((row: { utility_type: string; utility_status: string }) => ({ utilityType: row.utility_type, utilityStatus: row.utility_status }));
}

async function houseContract(trx: Knex, id: unknown): Promise<{ sign_up_date: string; end_date: string; house_id: number; billing_type: string; status: string } | undefined> {
  return trx('house_contracts').where({ id }).first('sign_up_date', 'end_date', 'house_id', 'billing_type', 'status');
}

/** The named permission an action needs (rules/service-workflow.ts), when the caller lacks it: the refusal. */
const missingKey = (user: AuthUser, key: PermissionKey | undefined, message: (key: PermissionKey) => string): string | null =>
  key && !(user.permissions?.keys ?? []).includes(key) ? message(key) : null;

/** Rules that only apply when the field changes (or on create). */
const changed = (record: RecordValues, existing: RecordValues | null, field: string) => !existing || existing[field] !== record[field];

async function billsStillIssued(trx: Knex, houseContractId: unknown): Promise<boolean> {
  const hasBills = await trx.schema.hasTable('bills');
  if (!hasBills) return false;
  return Boolean(await trx('bills').where({ house_contract_id: houseContractId, state: 'ISSUED' }).first('id'));
}

const HouseContract: RecordRules = {
  async validate(record, { trx, today, existing, user }) {
    const house = await trx('houses').where({ id: record.houseId }).first('bedrooms');
    const term = record.term as ContractTerm;
    const others = await trx('house_contracts')
      .where({ house_id: record.houseId })
      .whereNot({ status: 'CLOSED' })
      .modify((query) => existing && query.whereNot({ id: existing.id }))
      .select('id', 'sign_up_date as start', 'end_date as end');
    const services = existing ? await servicesOf(trx, existing.id) : [];
    const dates = changed(record, existing, 'signUpDate') || changed(record, existing, 'endDate') || changed(record, existing, 'term');
    return fieldErrors([
      ['signUpDate', 'dateNotInPast', !existing ? dateNotInPast({ date: record.signUpDate, today }) : null],
      ['endDate', 'endAfterStart', endAfterStart({ start: record.signUpDate, end: record.endDate })],
      ['endDate', 'minimumDuration', dates ? contractMinimumDuration({ start: record.signUpDate, end: record.endDate, term }) : null],
      ['endDate', 'maximumDuration', dates ? contractMaximumDuration({ start: record.signUpDate, end: record.endDate }) : null],
      ['signUpDate', 'noOverlap', houseContractsDoNotOverlap({ contract: { id: existing?.id as number | undefined, start: record.signUpDate, end: record.endDate }, existing: others })],
      ['numberOfTenants', 'range', numberOfTenants({ value: record.numberOfTenants, office: 'BACK_OFFICE' })],
      ['customersSharing', 'range', customersSharing({ value: record.customersSharing, bedrooms: house?.bedrooms })],
      ['planType', 'required', record.billingType === 'PLAN' && !record.planType ? PLAN_NEEDS_PLAN_TYPE : null],
      ['status', 'servicesClosed', record.status === 'CLOSED' && changed(record, existing, 'status') ? houseContractCanClose({ services }) : null],
      ['status', 'utilities', record.status === 'ACTIVE' && changed(record, existing, 'status') ? (utilitiesSelection(services.map((s) => s.utilityType)) ?? (services.length ? null : HOUSE_MESSAGES.utilities)) : null],
      ['supplyType', 'electricityOnly', changed(record, existing, 'supplyType') ? electricityOnlyAllowed({ supplyType: record.supplyType, services }) : null],
      ['billingType', 'permission', existing && changed(record, existing, 'billingType') ? missingKey(user, BILLING_TYPE_KEYS[String(record.billingType)], (key) => PERMISSION_KEY_MESSAGES.billingType(String(record.billingType), key)) : null],
      [
        'billingType',
        'billsVoided',
        existing && record.billingType === 'PLAN' && existing.billingType === 'BILL' && (await billsStillIssued(trx, existing.id)) ? BILLING_TYPE_CHANGE_MESSAGE : null,
      ],
    ]);
  },
  // A new contract is placed by the house's letting agency unless staff name another.
  async derive(record, { trx }) {
    if (record.agencyId != null) return {};
    const house = await trx('houses').where({ id: record.houseId }).first('agency_id');
    return house?.agency_id ? { agencyId: house.agency_id } : {};
  },
};

const TenantContract: RecordRules = {
  async validate(record, { trx, today, existing }) {
    const house = await houseContract(trx, record.houseContractId);
    const theirContracts = await trx('tenant_contracts as tc')
      .join('house_contracts as hc', 'hc.id', 'tc.house_contract_id')
      .where('tc.user_id', record.tenantId as number)
      .modify((query) => existing && query.whereNot('tc.id', existing.id as number))
      .select('hc.id', 'hc.billing_type as billingType', 'hc.sign_up_date as startDate', 'hc.end_date as endDate', 'hc.status');
    const planCheck = house
      ? planHouseContractsPerTenant({
          contract: { id: record.houseContractId as number, billingType: house.billing_type, startDate: house.sign_up_date, endDate: house.end_date, status: house.status },
          existing: theirContracts.filter((contract: { id: number }) => contract.id !== record.houseContractId),
          today,
        })
      : null;
    const paymentDay = record.paymentDay as number | null;
    return fieldErrors([
      ['endDate', 'endAfterStart', endAfterStart({ start: record.startDate, end: record.endDate })],
      ['startDate', 'withinHouseContract', house ? tenantContractWithinHouseContract({ tenantStart: record.startDate, tenantEnd: record.endDate, houseStart: house.sign_up_date, houseEnd: house.end_date }) : null],
      ['houseContractId', 'planContractsPerTenant', changed(record, existing, 'houseContractId') ? planCheck : null],
      ['paymentDay', 'range', paymentDay !== null && !((paymentDay >= 1 && paymentDay <= 29) || paymentDay === 31) ? 'Payment day must be 1 to 29, or 31 for the last day of the month' : null],
      [
        'status',
        'statusChange',
        existing && changed(record, existing, 'status') ? await contractStatusChangeRefusal(trx, { id: Number(existing.id), paymentMethod: String(record.paymentMethod) }, String(record.status)) : null,
      ],
    ]);
  },
};

const Service: RecordRules = {
  async validate(record, { trx, existing, user }) {
    const house = await houseContract(trx, record.houseContractId);
    return fieldErrors([
      ['utilityStatus', 'permission', existing && changed(record, existing, 'utilityStatus') ? missingKey(user, SERVICE_STATUS_KEYS[String(record.utilityType)], (key) => PERMISSION_KEY_MESSAGES.serviceStatus(String(record.utilityType), key)) : null],
      ['broadbandSpeed', 'broadbandOnly', record.broadbandSpeed && record.utilityType !== 'broadband' ? BROADBAND_SPEED_MESSAGE : null],
      ['endDate', 'endAfterStart', endAfterStart({ start: record.startDate, end: record.endDate })],
      ['startDate', 'withinHouseContract', house ? dateWithinHouseContract({ date: record.startDate, houseStart: house.sign_up_date, houseEnd: house.end_date }) : null],
      ['endDate', 'withinHouseContract', house ? dateWithinHouseContract({ date: record.endDate, houseStart: house.sign_up_date, houseEnd: house.end_date }) : null],
    ]);
  },
};

const SupplierContract: RecordRules = {
  async validate(record, { trx }) {
    const house = record.houseContractId ? await houseContract(trx, record.houseContractId) : undefined;
    const overlaps = house && record.startDate && record.endDate
      ? rangesOverlap({ start: String(record.startDate), end: String(record.endDate) }, { start: house.sign_up_date, end: house.end_date })
      : true;
    return fieldErrors([
      ['endDate', 'endAfterStart', endAfterStart({ start: record.startDate, end: record.endDate })],
      ['startDate', 'overlapsHouseContract', overlaps ? null : SUPPLIER_CONTRACT_DATES_MESSAGE],
      ['houseContractId', 'sameHouse', house && house.house_id !== record.houseId ? 'The house contract must be for the same house' : null],
    ]);
  },
};

const Meter: RecordRules = {
  async validate(record) {
    const allowed = METER_RATE_TYPES_BY_UTILITY[String(record.utilityType)];
    return fieldErrors([['rateType', 'fitsUtility', allowed && !allowed.includes(String(record.rateType)) ? `${METER_RATE_TYPE_MESSAGE} (${allowed.join(' or ')})` : null]]);
  },
};

const MeterReading: RecordRules = {
  async validate(record, { today, existing }) {
    return fieldErrors([
      ['readingDate', 'dateNotInFuture', dateNotInFuture({ date: record.readingDate, today })],
      // The reading workflow is enforced here, so no caller can skip a step (rules/reading-workflow.ts).
      ['status', 'transition', existing && !readingTransitionAllowed(String(existing.status), String(record.status)) ? readingTransitionMessage(String(existing.status), String(record.status)) : null],
    ]);
  },
  // The reading's house comes from its meter (the busiest list filters by house without a join).
  async derive(record, { trx }) {
    const meter = await trx('meters').where({ id: record.meterId }).first('house_id');
    return { houseId: meter?.house_id ?? null };
  },
  // Staff approving or declining a reading a tenant or an agent sent tells the sender.
  async afterWrite(record, { trx, existing }) {
    if (existing) await notifyReadingDecision(trx, Number(record.id), String(existing.status), String(record.status));
  },
};

const House: RecordRules = {
  async validate(record) {
    return fieldErrors([['bedrooms', 'range', numberOfTenants({ value: record.bedrooms, office: 'BACK_OFFICE' }) ? 'Number of bedrooms must be between 1 and 14' : null]]);
  },
  // The electricity region follows from the postcode's area when staff leave it empty.
  async derive(record) {
    const region = record.region == null && typeof record.postCode === 'string' ? regionOfPostcode(record.postCode) : null;
    return region ? { region } : {};
  },
};

const Tenant: RecordRules = {
  async validate(record, { today }) {
    return fieldErrors([['dateOfBirth', 'minimumAge', minimumAge({ dateOfBirth: record.dateOfBirth, today })]]);
  },
};

const Agency: RecordRules = {
  async validate(record, { existing }) {
    return fieldErrors([
      ['parentId', 'notItself', existing && record.parentId === existing.id ? 'An agency cannot be its own parent' : null],
      ['commissionPence', 'nonNegative', (record.commissionPence as number) < 0 ? 'Commission cannot be negative' : null],
      ['commissionTenantCap', 'range', record.commissionTenantCap !== null && ((record.commissionTenantCap as number) < 1 || (record.commissionTenantCap as number) > 1000) ? 'Commission tenant cap must be between 1 and 1000' : null],
    ]);
  },
};

export const PROPERTY_RULES: Record<string, RecordRules> = { Agency, House, HouseContract, TenantContract, Service, SupplierContract, Meter, MeterReading, Tenant };
