import type { Knex } from '@app/db';
import {
  BILLING_MESSAGES,
  EstimateReadError,
  MeterReadError,
  addDays,
  estimateRead,
  meteredLine,
  standingChargeLine,
  type KnownRead,
  type MeteredLine,
  type MeterRegister,
  type StandingChargeLine,
} from '../../rules';
import { BILLING_RUN_MESSAGES, DOMESTIC_ENERGY_VAT_BP, NotBillable, READ_WINDOW_DAYS, UNUSABLE_READING_STATUSES } from './billing-rules';

/*
 * The lines of one house statement, read from the database and priced with the pure billing rules.
 * Reads: the opening read of a register is its latest usable read in the READ_WINDOW_DAYS up to and
 * including the first billed day; the closing read its latest usable read in the READ_WINDOW_DAYS up to and
 * including the last billed day. A read missing from its window is estimated at that day from the other
 * reads (or the house's annual usage estimate) and the line is marked estimated; a read whose type is an
 * estimate marks it too. Anything that stops the house being billed throws `NotBillable` with the billing
 * status it leaves the contract in.
 */

export interface HouseForBilling {
  id: number;
  house_id: number;
  supply_type: string;
  energy_use_type: string;
  bedrooms: number;
}

export interface PricedLine {
  line: MeteredLine | StandingChargeLine;
  serviceId: number;
  description: string;
  openingRead: number | null;
  closingRead: number | null;
  quantityKwh: string | null;
}

interface MeterRow {
  id: number;
  utility_type: 'electric' | 'gas';
  meter_type: string;
  rate_type: string;
  serial_number: string;
}

interface TariffRow {
  service_id: number;
  rate_type: string;
  unit_rate: string;
  night_unit_rate: string | null;
  standing_charge: string;
}

interface ReadRow {
  reading_date: string;
  value: string;
  type: string;
}

const UTILITY_LABEL = { electric: 'Electricity', gas: 'Gas' } as const;
const PREPAYMENT_METER_TYPES = ['PREPAYMENT', 'SMART_PREPAYMENT'];

function registersOf(meter: MeterRow): MeterRegister[] {
  if (meter.utility_type === 'electric' && meter.rate_type === 'DUAL') return ['DAY', 'NIGHT'];
  if (meter.utility_type === 'electric' && meter.rate_type !== 'SINGLE') throw new NotBillable('METER_ISSUE', `${BILLING_RUN_MESSAGES.meterRateType} (${meter.serial_number}: ${meter.rate_type})`);
  if (meter.utility_type === 'gas' && !['METRIC', 'IMPERIAL'].includes(meter.rate_type)) throw new NotBillable('METER_ISSUE', `${BILLING_RUN_MESSAGES.meterRateType} (${meter.serial_number}: ${meter.rate_type})`);
  return ['SINGLE'];
}

/** The tariff assigned to the contract's service of this utility for every billed day. */
async function tariffFor(trx: Knex, house: HouseForBilling, utility: 'electric' | 'gas', start: string, end: string): Promise<TariffRow> {
  const row: TariffRow | undefined = await trx('services as s')
    .join('tariff_assignments as ta', 'ta.service_id', 's.id')
    .join('tariffs as t', 't.id', 'ta.tariff_id')
    .where({ 's.house_contract_id': house.id, 's.utility_type': utility })
    .where('ta.start_date', '<=', start)
    .where('ta.end_date', '>=', end)
    .orderBy('s.id')
    .first('s.id as service_id', 't.rate_type', 't.unit_rate', 't.night_unit_rate', 't.standing_charge');
  if (!row) throw new NotBillable('SUPPLY_ISSUE', `${BILLING_RUN_MESSAGES.tariffNotFound}: no ${utility} tariff is assigned to the contract for every day from ${start} to ${end}`);
  return row;
}

async function annualKwhFor(trx: Knex, house: HouseForBilling, utility: 'electric' | 'gas'): Promise<number | null> {
  const row: { kwh_per_year: number } | undefined = await trx('usage_estimates')
    .where({ supply_type: house.supply_type, utility_type: utility, energy_use_type: house.energy_use_type, bedrooms: house.bedrooms })
    .orderBy('estimate_type', 'desc')
    .first('kwh_per_year');
  return row?.kwh_per_year ?? null;
}

/** The latest read dated within the window ending on `day`, else an estimate at `day`. */
function readAt(reads: readonly ReadRow[], day: string, estimate: () => number): { read: number; estimated: boolean } {
  const from = addDays(day, -(READ_WINDOW_DAYS - 1));
  const inWindow = reads.filter((read) => read.reading_date >= from && read.reading_date <= day).at(-1);
  if (inWindow) return { read: Number(inWindow.value), estimated: /ESTIMATE/.test(inWindow.type) };
  return { read: estimate(), estimated: true };
}

async function meterLines(trx: Knex, house: HouseForBilling, meter: MeterRow, tariff: TariffRow, start: string, end: string): Promise<PricedLine[]> {
  const lines: PricedLine[] = [];
  const annualKwh = await annualKwhFor(trx, house, meter.utility_type);
  for (const register of registersOf(meter)) {
    const reads: ReadRow[] = await trx('meter_readings')
      .where({ meter_id: meter.id, register })
      .whereNotIn('status', UNUSABLE_READING_STATUSES)
      .orderBy([{ column: 'reading_date' }, { column: 'id' }])
      .select('reading_date', 'value', 'type');
    const known: KnownRead[] = reads.map((read) => ({ date: read.reading_date, read: read.value }));
    const estimate = (day: string) => () => {
      try {
        return estimateRead({ date: day, reads: known, annualKwh, meterUnits: meter.utility_type === 'gas' ? (meter.rate_type as 'METRIC' | 'IMPERIAL') : 'KWH' }).read;
      } catch (error) {
        if (error instanceof EstimateReadError) throw new NotBillable('READ_NEEDED', `${BILLING_MESSAGES.estimatedReadCannotBeGenerated} for meter ${meter.serial_number} (${register.toLowerCase()}) at ${day}`);
        throw error;
      }
    };
    const opening = readAt(reads, start, estimate(start));
    const closing = readAt(reads, end, estimate(end));
    if (meter.rate_type === 'DUAL' && tariff.night_unit_rate === null) {
      throw new NotBillable('SUPPLY_ISSUE', `${BILLING_RUN_MESSAGES.tariffNotFound}: meter ${meter.serial_number} is dual rate but the tariff has no night rate`);
    }
    const unitRate = register === 'NIGHT' ? tariff.night_unit_rate! : tariff.unit_rate;
    let line: MeteredLine;
    try {
      line = meteredLine({
        utility: meter.utility_type,
        register,
        openingRead: String(opening.read),
        closingRead: String(closing.read),
        unitRate,
        vatRateBp: DOMESTIC_ENERGY_VAT_BP,
        estimated: opening.estimated || closing.estimated,
        ...(meter.utility_type === 'gas' ? { gasUnits: meter.rate_type as 'METRIC' | 'IMPERIAL' } : {}),
      });
    } catch (error) {
      if (error instanceof MeterReadError) throw new NotBillable('METER_ISSUE', `Meter ${meter.serial_number}: ${error.message}`);
      throw error;
    }
    const registerLabel = register === 'SINGLE' ? '' : ` (${register.toLowerCase()})`;
    lines.push({
      line,
      serviceId: tariff.service_id,
      description: `${UTILITY_LABEL[meter.utility_type]} ${meter.serial_number}${registerLabel}${line.estimated ? ', estimated read' : ''}`,
      openingRead: opening.read,
      closingRead: closing.read,
      quantityKwh: line.kwh,
    });
  }
  return lines;
}

/** Every metered line of the house's active electricity and gas meters, then one standing charge per utility. */
export async function houseStatementLines(trx: Knex, house: HouseForBilling, start: string, end: string, days: number): Promise<PricedLine[]> {
  const meters: MeterRow[] = await trx('meters')
    .where({ house_id: house.house_id, is_active: true })
    .whereIn('utility_type', ['electric', 'gas'])
    .orderBy([{ column: 'utility_type' }, { column: 'id' }])
    .select('id', 'utility_type', 'meter_type', 'rate_type', 'serial_number');
  const billable = meters.filter((meter) => !PREPAYMENT_METER_TYPES.includes(meter.meter_type));
  if (meters.length > 0 && billable.length === 0) throw new NotBillable('SMART_PREPAYMENT', BILLING_RUN_MESSAGES.prepaymentOnly);
  if (billable.length === 0) throw new NotBillable('METER_ISSUE', BILLING_RUN_MESSAGES.meterNotFound);

  const lines: PricedLine[] = [];
  const tariffs = new Map<string, TariffRow>();
  for (const meter of billable) {
    let tariff = tariffs.get(meter.utility_type);
    if (!tariff) tariffs.set(meter.utility_type, (tariff = await tariffFor(trx, house, meter.utility_type, start, end)));
    lines.push(...(await meterLines(trx, house, meter, tariff, start, end)));
  }
  for (const [utility, tariff] of tariffs) {
    const line = standingChargeLine({ days, standingCharge: tariff.standing_charge, vatRateBp: DOMESTIC_ENERGY_VAT_BP, utility: utility as 'electric' | 'gas' });
    lines.push({
      line,
      serviceId: tariff.service_id,
      description: `${UTILITY_LABEL[utility as 'electric' | 'gas']} standing charge, ${days} days`,
      openingRead: null,
      closingRead: null,
      quantityKwh: null,
    });
  }
  return lines;
}
