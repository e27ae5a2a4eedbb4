import { House, MeterReading, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import type { AgentScope } from './agent-scope.service';

export const PROPERTY_NOT_FOUND = 'Property not found';
const READINGS_SHOWN = 100;

/** PREVIOUS, CURRENT or FUTURE for a contract on a day (specification §4: inclusive of both dates). */
export function contractPeriod(start: string, end: string, today: string): 'PREVIOUS' | 'CURRENT' | 'FUTURE' {
  if (start > today) return 'FUTURE';
  return end >= today ? 'CURRENT' : 'PREVIOUS';
}

/** A house of the agent's selected agency (or its branches); any other id is the same "not found". */
export async function findScopedHouse(db: Knex, scope: AgentScope, propertyId: unknown): Promise<House> {
  const id = Number(propertyId);
  const house = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? await House.query(db).findById(id) : undefined;
  if (!house || house.agencyId === null || !scope.agencyIds.includes(house.agencyId)) throw new DomainError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return house;
}

/**
 * One property for its four tabs: contracts (house contracts newest first with their tenants' names and
 * statuses), supplier (each supply's supplier, MPAN/MPRN and meters), bill packages (plan and services per
 * contract) and meter readings (latest first).
 */
export async function readAgentProperty(db: Knex, scope: AgentScope, today: string, propertyId: unknown) {
  const found = await findScopedHouse(db, scope, propertyId);
  const house = (await House.query(db).findById(found.id).withGraphFetched('[houseContracts.[tenantContracts.tenant, services], meters]'))!;
  const supplies: Array<Record<string, unknown>> = await db('supplier_contracts as sc')
    .join('suppliers as s', 's.id', 'sc.supplier_id')
    .where('sc.house_id', house.id)
    .orderBy([{ column: 'sc.start_date', order: 'desc' }, 'sc.utility_type'])
    .select('sc.id', 'sc.utility_type as utilityType', 'sc.mpxn', 'sc.start_date as startDate', 'sc.end_date as endDate', 's.name as supplierName');
  const readings = await MeterReading.query(db)
    .where('house_id', house.id)
    .withGraphFetched('meter')
    .orderBy([{ column: 'reading_date', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(READINGS_SHOWN);
  const contracts = [...(house.houseContracts ?? [])].sort((a, b) => (a.signUpDate < b.signUpDate ? 1 : -1));
  const meters = house.meters ?? [];
  return {
    id: house.id,
    address: { streetName: house.streetName, address2: house.address2, cityName: house.cityName, county: house.county, postCode: house.postCode },
    status: house.status,
    bedrooms: house.bedrooms,
    canEdit: scope.canEdit,
    contracts: contracts.map((contract) => ({
      id: contract.id,
      period: contractPeriod(contract.signUpDate, contract.endDate, today),
      status: contract.status,
      signUpDate: contract.signUpDate,
      endDate: contract.endDate,
      billingType: contract.billingType,
      planType: contract.planType,
      agencyHouseContractStatus: contract.agencyHouseContractStatus,
      numberOfTenants: contract.numberOfTenants,
      services: (contract.services ?? []).map((s) => ({ id: s.id, utilityType: s.utilityType, utilityStatus: s.utilityStatus })).sort((a, b) => a.utilityType.localeCompare(b.utilityType)),
      tenantContracts: (contract.tenantContracts ?? [])
        .map((t) => ({
          id: t.id,
          name: [t.tenant?.firstName, t.tenant?.lastName].filter(Boolean).join(' '),
          status: t.status,
          startDate: t.startDate,
          endDate: t.endDate,
          period: contractPeriod(t.startDate, t.endDate, today),
        }))
        .sort((a, b) => (a.startDate < b.startDate ? 1 : -1)),
    })),
    supplies: supplies.map((supply) => ({
      ...supply,
      meters: meters.filter((m) => m.supplierContractId === supply.id).map((m) => ({ id: m.id, serialNumber: m.serialNumber, meterType: m.meterType, rateType: m.rateType, isActive: m.isActive })),
    })),
    meters: meters.map((m) => ({ id: m.id, utilityType: m.utilityType, serialNumber: m.serialNumber, meterType: m.meterType, rateType: m.rateType, isActive: m.isActive })),
    readings: readings.map((r) => ({
      id: r.id,
      meterId: r.meterId,
      serialNumber: r.meter?.serialNumber ?? '',
      utilityType: r.meter?.utilityType ?? '',
      readingDate: r.readingDate,
      register: r.register,
      value: String(r.value),
      source: r.source,
      status: r.status,
      hasPhoto: r.imageUploadId !== null,
    })),
  };
}
