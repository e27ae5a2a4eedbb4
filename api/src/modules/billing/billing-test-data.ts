import type { Knex } from '@app/db';

/*
 * Records for billing tests: a BILL house with its contract, tenants, services, tariffs, meters and reads.
 * Test support only (used by the billing tests of api and workers); every value can be overridden.
 */

let counter = 0;
const next = () => `${process.pid}${Date.now() % 100000}${++counter}`;

export interface TestTenant {
  startDate: string;
  endDate: string;
  status?: string;
}

export interface TestMeter {
  utility: 'electric' | 'gas';
  rateType: 'SINGLE' | 'DUAL' | 'METRIC' | 'IMPERIAL';
  meterType?: string;
  /** [date, value] or [date, value, register]. */
  reads: Array<[string, string | number] | [string, string | number, 'SINGLE' | 'DAY' | 'NIGHT']>;
}

export interface TestTariff {
  utility: 'electric' | 'gas';
  unitRate: string;
  nightUnitRate?: string;
  standingCharge: string;
  startDate: string;
  endDate: string;
}

export interface TestHouse {
  groupId?: number;
  contractStart?: string;
  contractEnd?: string;
  tenants: TestTenant[];
  meters: TestMeter[];
  tariffs: TestTariff[];
}

export interface BuiltHouse {
  houseId: number;
  houseContractId: number;
  tenantContractIds: number[];
  meterIds: number[];
  serviceIds: Record<string, number>;
}

async function insertId(trx: Knex, table: string, row: Record<string, unknown>): Promise<number> {
  const [inserted] = await trx(table).insert(row).returning('id');
  return Number(inserted.id);
}

export async function buildBillHouse(db: Knex, spec: TestHouse): Promise<BuiltHouse> {
  const groupId = spec.groupId ?? 1;
  const key = next();
  return db.transaction(async (trx) => {
    const houseId = await insertId(trx, 'houses', { group_id: groupId, street_name: `${key} Test Street`, city_name: 'Leeds', post_code: 'LS6 1AA', region: '_G', bedrooms: 4, status: 'ACTIVE' });
    const houseContractId = await insertId(trx, 'house_contracts', {
      group_id: groupId,
      house_id: houseId,
      status: 'ACTIVE',
      billing_type: 'BILL',
      sign_up_date: spec.contractStart ?? '2025-09-01',
      end_date: spec.contractEnd ?? '2026-08-31',
      number_of_tenants: Math.max(1, spec.tenants.length),
      customers_sharing: Math.max(1, spec.tenants.length),
      supply_type: 'DUAL',
      energy_use_type: 'MEDIUM',
    });
    const tenantContractIds: number[] = [];
    for (const [index, tenant] of spec.tenants.entries()) {
      const userId = await insertId(trx, 'users', { email: `tenant${key}-${index}@billing.test`, first_name: 'Test', last_name: `Tenant ${index}`, role: 'bill-payer', portal: 'ENERGY_BILL' });
      tenantContractIds.push(
        await insertId(trx, 'tenant_contracts', {
          group_id: groupId,
          user_id: userId,
          house_contract_id: houseContractId,
          status: tenant.status ?? 'ACTIVE',
          payment_method: 'PAY_ON_RECEIPT',
          start_date: tenant.startDate,
          end_date: tenant.endDate,
        }),
      );
    }
    const serviceIds: Record<string, number> = {};
    for (const tariff of spec.tariffs) {
      serviceIds[tariff.utility] ??= await insertId(trx, 'services', { group_id: groupId, house_contract_id: houseContractId, utility_type: tariff.utility, utility_status: 'ACTIVE' });
      const tariffId = await insertId(trx, 'tariffs', {
        name: `test_${key}_${tariff.utility}_${tariff.startDate}_bill`,
        utility_type: tariff.utility,
        tariff_type: 'DOMESTIC_VARIABLE',
        rate_type: tariff.nightUnitRate ? 'DN' : 'SR',
        billing_type: 'BILL',
        region: '_G',
        valid_from: tariff.startDate,
        unit_rate: tariff.unitRate,
        night_unit_rate: tariff.nightUnitRate ?? null,
        standing_charge: tariff.standingCharge,
      });
      await trx('tariff_assignments').insert({ service_id: serviceIds[tariff.utility], tariff_id: tariffId, start_date: tariff.startDate, end_date: tariff.endDate });
    }
    const meterIds: number[] = [];
    for (const [index, meter] of spec.meters.entries()) {
      const meterId = await insertId(trx, 'meters', { group_id: groupId, house_id: houseId, utility_type: meter.utility, rate_type: meter.rateType, meter_type: meter.meterType ?? 'CREDIT', serial_number: `S${key}${index}` });
      meterIds.push(meterId);
      for (const [date, value, register] of meter.reads) {
        await trx('meter_readings').insert({ group_id: groupId, meter_id: meterId, house_id: houseId, reading_date: date, register: register ?? 'SINGLE', value, source: 'BACK_OFFICE', type: 'ACTUAL', status: 'APPROVED' });
      }
    }
    return { houseId, houseContractId, tenantContractIds, meterIds, serviceIds };
  });
}

/** The golden house: single-rate electricity and metric gas, two tenants, the second moving in on 11 March. */
export const GOLDEN_HOUSE: TestHouse = {
  tenants: [
    { startDate: '2025-09-01', endDate: '2026-08-31' },
    { startDate: '2026-03-11', endDate: '2026-08-31' },
  ],
  meters: [
    { utility: 'electric', rateType: 'SINGLE', reads: [['2026-03-01', '10000'], ['2026-03-31', '10250.5']] },
    { utility: 'gas', rateType: 'METRIC', reads: [['2026-02-28', '5000'], ['2026-03-30', '5120']] },
  ],
  tariffs: [
    { utility: 'electric', unitRate: '24.5', standingCharge: '60.1', startDate: '2025-09-01', endDate: '2026-08-31' },
    { utility: 'gas', unitRate: '6.1234', standingCharge: '31.43', startDate: '2025-09-01', endDate: '2026-08-31' },
  ],
};

export const MARCH_2026 = { periodStart: '2026-03-01', periodEnd: '2026-03-31' };
