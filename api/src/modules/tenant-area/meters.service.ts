import { Meter, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { contractPeriod } from '../../rules';
import { submitMeterReading, type ReadingInput } from '../readings/submit-reading.service';
import { ownContract, tenantDates } from './own-contracts';

/*
 * Submit Meter Reads: the meters of the tenant's house with the last reading of each register, and a new
 * reading sent for staff approval with source TENANT_PORTAL. Readings may be given until a month after the
 * contract ends (§4).
 */

const NOT_COUNTED = ['DECLINED', 'REJECTED', 'ARCHIVED'];

export async function tenantMeters(db: Knex, userId: number, contractId?: number | null) {
  const { contract, today } = await ownContract(db, userId, contractId, 'GIVE_METER_READING');
  const meters = await Meter.query(db)
    .where({ house_id: contract.houseContract!.houseId, is_active: true })
    .withGraphFetched('readings(counted)')
    .modifiers({ counted: (query) => query.whereNotIn('status', NOT_COUNTED).orderBy([{ column: 'reading_date', order: 'desc' }, { column: 'id', order: 'desc' }]) })
    .orderBy('id');
  return {
    contractId: contract.id,
    canSubmit: contractPeriod(tenantDates(contract), today, 'GIVE_METER_READING') === 'CURRENT',
    today,
    meters: meters.map((meter) => {
      const registers = meter.rateType === 'DUAL' ? ['DAY', 'NIGHT'] : ['SINGLE'];
      return {
        id: meter.id,
        utilityType: meter.utilityType,
        meterType: meter.meterType,
        rateType: meter.rateType,
        serialNumber: meter.serialNumber,
        registers,
        lastReadings: registers.flatMap((register) => {
          const last = meter.readings?.find((reading) => reading.register === register);
          return last ? [{ register, readingDate: last.readingDate, value: Number(last.value), type: last.type, status: last.status }] : [];
        }),
      };
    }),
  };
}

export interface TenantReadingInput extends ReadingInput {
  contractId?: number | null;
}

export async function submitTenantReading(db: Knex, userId: number, input: TenantReadingInput) {
  const { contract, today } = await ownContract(db, userId, input.contractId ?? null, 'GIVE_METER_READING');
  if (contractPeriod(tenantDates(contract), today, 'GIVE_METER_READING') !== 'CURRENT') {
    throw DomainError.invalid([{ field: 'meterId', rule: 'contractPeriod', message: 'Readings can be given until one month after your contract ends' }]);
  }
  return db.transaction((trx) => submitMeterReading(trx, { userId, source: 'TENANT_PORTAL', houseIds: [contract.houseContract!.houseId], today }, input));
}
