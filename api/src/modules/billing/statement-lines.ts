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
 * The lines of house statements: everything a batch of houses needs is read in a few set-based queries
 * (loadBillingInputs), then each house is priced with the pure billing rules (priceStatementLines), so the
 * cost per house stays flat however many houses a bill-run job carries.
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

/** What pricing needs of the database, for every house of a batch. */
export interface BillingInputs {
  metersByHouse: ReadonlyMap<number, MeterRow[]>;
  /** Electricity and gas tariff assignments of each house contract, ordered by service then assignment. */
  tariffsByContract: ReadonlyMap<number, Array<TariffRow & { utility_type: string; start_date: string; end_date: string }>>;
  readsByRegister: ReadonlyMap<string, ReadRow[]>;
  usageEstimates: ReadonlyArray<UsageEstimateRow>;
}

interface UsageEstimateRow {
  supply_type: string;
  utility_type: string;
  energy_use_type: string;
  bedrooms: number;
  kwh_per_year: number;
}

const registerKey = (meterId: number, register: string): string => `${meterId}:${register}`;

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Reads the meters, tariff assignments, usable reads and usage estimates of every house of a batch billed
 * between `start` and `end` (the widest billed range of the batch): five queries whatever the batch size.
 */
export async function loadBillingInputs(trx: Knex, houses: readonly HouseForBilling[], start: string, end: string): Promise<BillingInputs> {
  const houseIds = [...new Set(houses.map((house) => house.house_id))];
  const contractIds = houses.map((house) => house.id);
  const meters: Array<MeterRow & { house_id: number }> = await trx('meters')
    .whereIn('house_id', houseIds)
    .where({ is_active: true })
    .whereIn('utility_type', ['electric', 'gas'])
    .orderBy([{ column: 'house_id' }, { column: 'utility_type' }, { column: 'id' }])
    .select('id', 'house_id', 'utility_type', 'meter_type', 'rate_type', 'serial_number');
  const tariffs: Array<TariffRow & { house_contract_id: number; utility_type: string; start_date: string; end_date: string }> = await trx('services as s')
    .join('tariff_assignments as ta', 'ta.service_id', 's.id')
    .join('tariffs as t', 't.id', 'ta.tariff_id')
    .whereIn('s.house_contract_id', contractIds)
    .whereIn('s.utility_type', ['electric', 'gas'])
    // Overlapping the widest range: each house's own billed days are checked when it is priced.
    .where('ta.start_date', '<=', end)
    .where('ta.end_date', '>=', start)
    .orderBy([{ column: 's.house_contract_id' }, { column: 's.id' }, { column: 'ta.id' }])
    .select('s.house_contract_id', 's.utility_type', 's.id as service_id', 'ta.start_date', 'ta.end_date', 't.rate_type', 't.unit_rate', 't.night_unit_rate', 't.standing_charge');
  const meterIds = meters.map((meter) => meter.id);
  const reads: Array<ReadRow & { meter_id: number; register: string }> = meterIds.length
    ? await trx('meter_readings')
        .whereIn('meter_id', meterIds)
        .whereNotIn('status', UNUSABLE_READING_STATUSES)
        .orderBy([{ column: 'meter_id' }, { column: 'register' }, { column: 'reading_date' }, { column: 'id' }])
        .select('meter_id', 'register', 'reading_date', 'value', 'type')
    : [];
  const usageEstimates: UsageEstimateRow[] = await trx('usage_estimates')
    .whereIn('bedrooms', [...new Set(houses.map((house) => house.bedrooms))])
    .whereIn('utility_type', ['electric', 'gas'])
    .orderBy('estimate_type', 'desc')
    .select('supply_type', 'utility_type', 'energy_use_type', 'bedrooms', 'kwh_per_year');
  return {
    metersByHouse: groupBy(meters, (meter) => meter.house_id),
    tariffsByContract: groupBy(tariffs, (tariff) => tariff.house_contract_id),
    readsByRegister: groupBy(reads, (read) => registerKey(read.meter_id, read.register)),
    usageEstimates,
  };
}

/** The tariff assigned to the contract's service of this utility for every billed day. */
function tariffFor(inputs: BillingInputs, house: HouseForBilling, utility: 'electric' | 'gas', start: string, end: string): TariffRow {
  const row = inputs.tariffsByContract.get(house.id)?.find((tariff) => tariff.utility_type === utility && tariff.start_date <= start && tariff.end_date >= end);
  if (!row) throw new NotBillable('SUPPLY_ISSUE', `${BILLING_RUN_MESSAGES.tariffNotFound}: no ${utility} tariff is assigned to the contract for every day from ${start} to ${end}`);
  return row;
}

function annualKwhFor(inputs: BillingInputs, house: HouseForBilling, utility: 'electric' | 'gas'): number | null {
  const row = inputs.usageEstimates.find(
    (estimate) => estimate.supply_type === house.supply_type && estimate.utility_type === utility && estimate.energy_use_type === house.energy_use_type && estimate.bedrooms === house.bedrooms,
  );
  return row?.kwh_per_year ?? null;
}

/** The latest read dated within the window ending on `day`, else an estimate at `day`. */
function readAt(reads: readonly ReadRow[], day: string, estimate: () => number): { read: number; estimated: boolean } {
  const from = addDays(day, -(READ_WINDOW_DAYS - 1));
  const inWindow = reads.filter((read) => read.reading_date >= from && read.reading_date <= day).at(-1);
  if (inWindow) return { read: Number(inWindow.value), estimated: /ESTIMATE/.test(inWindow.type) };
  return { read: estimate(), estimated: true };
}

function meterLines(inputs: BillingInputs, house: HouseForBilling, meter: MeterRow, tariff: TariffRow, start: string, end: string): PricedLine[] {
  const lines: PricedLine[] = [];
  const annualKwh = annualKwhFor(inputs, house, meter.utility_type);
  for (const register of registersOf(meter)) {
    const reads = inputs.readsByRegister.get(registerKey(meter.id, register)) ?? [];
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
export function priceStatementLines(inputs: BillingInputs, house: HouseForBilling, start: string, end: string, days: number): PricedLine[] {
  const meters = inputs.metersByHouse.get(house.house_id) ?? [];
  const billable = meters.filter((meter) => !PREPAYMENT_METER_TYPES.includes(meter.meter_type));
  if (meters.length > 0 && billable.length === 0) throw new NotBillable('SMART_PREPAYMENT', BILLING_RUN_MESSAGES.prepaymentOnly);
  if (billable.length === 0) throw new NotBillable('METER_ISSUE', BILLING_RUN_MESSAGES.meterNotFound);

  const lines: PricedLine[] = [];
  const tariffs = new Map<string, TariffRow>();
  for (const meter of billable) {
    let tariff = tariffs.get(meter.utility_type);
    if (!tariff) tariffs.set(meter.utility_type, (tariff = tariffFor(inputs, house, meter.utility_type, start, end)));
    lines.push(...meterLines(inputs, house, meter, tariff, start, end));
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

/** The lines of one house's statement (the final statements' usage reads them this way). */
export async function houseStatementLines(trx: Knex, house: HouseForBilling, start: string, end: string, days: number): Promise<PricedLine[]> {
  return priceStatementLines(await loadBillingInputs(trx, [house], start, end), house, start, end, days);
}
