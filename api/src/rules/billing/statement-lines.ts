/**
 * Lines of a BILL statement. A metered line is consumption × unit rate; a standing-charge line is days ×
 * daily charge. Each line's net is rounded half-up to the penny once, from the exact product; its VAT is
 * then the line's net × rate, rounded half-up once; total = net + VAT. Statement totals add the rounded
 * lines, so the statement always equals the sum of what it shows.
 */
import { type METER_REGISTERS, type UTILITY_TYPES } from '../value-sets';
import { BILLING_MESSAGES, MeterReadError } from './errors';
import { type DecimalInput, type Ratio, addExact, compareExact, decimalPlaces, multiplyExact, subtractExact, toDecimalString, toRatio } from './exact';
import { type GasMeterUnits, gasVolumeToKwh } from './gas';
import { roundHalfUp, sumPence, vatOn } from './money';

export type Utility = (typeof UTILITY_TYPES)[number];
export type MeterRegister = (typeof METER_REGISTERS)[number];

/** Rates (pence per kWh, pence per day) may carry up to 4 decimals. */
export const MAX_RATE_DECIMALS = 4;

export interface LineAmounts {
  netPence: number;
  vatRateBp: number;
  vatPence: number;
  totalPence: number;
}

export interface MeteredLine extends LineAmounts {
  kind: 'METERED';
  utility: Utility;
  register: MeterRegister;
  /** In meter units: kWh, m³ (gas METRIC), hundreds of ft³ (gas IMPERIAL), m³ (water). */
  consumption: string;
  /** Billed kWh (the consumption itself unless gas), 4 decimals for display; pricing uses the exact value. */
  kwh: string;
  unitRate: string;
  estimated: boolean;
}

export interface StandingChargeLine extends LineAmounts {
  kind: 'STANDING_CHARGE';
  utility?: Utility;
  days: number;
  standingCharge: string;
}

export type StatementLine = MeteredLine | StandingChargeLine;

/** A meter exchanged between the two reads: the old meter's last read and the new meter's first read. */
export interface MeterChange {
  oldMeterFinalRead: DecimalInput;
  newMeterInitialRead: DecimalInput;
}

export interface MeteredLineInput {
  utility: Utility;
  register?: MeterRegister;
  openingRead: DecimalInput;
  closingRead: DecimalInput;
  /** Pence per kWh (per m³ for water), up to 4 decimals. */
  unitRate: DecimalInput;
  vatRateBp: number;
  estimated?: boolean;
  /** Gas only: METRIC (m³) or IMPERIAL (hundreds of ft³); gas is converted to kWh. */
  gasUnits?: GasMeterUnits;
  /** Gas only: MJ/m³, default 39.5. */
  calorificValue?: DecimalInput;
  meterChange?: MeterChange;
}

export function parseRate(value: DecimalInput, name: string): Ratio {
  const exact = toRatio(value);
  if (compareExact(exact, 0) < 0) throw new RangeError(`${name} must not be negative: ${value}`);
  if (decimalPlaces(exact) > MAX_RATE_DECIMALS) throw new RangeError(`${name} may have at most ${MAX_RATE_DECIMALS} decimals: ${value}`);
  return exact;
}

/** Net (rounded once), VAT on that net (rounded once) and their total. */
export function lineAmounts(exactNet: DecimalInput | Ratio, vatRateBp: number): LineAmounts {
  const netPence = roundHalfUp(exactNet);
  const vatPence = vatOn(netPence, vatRateBp);
  return { netPence, vatRateBp, vatPence, totalPence: netPence + vatPence };
}

/**
 * Consumption between two reads. A closing read below the opening read throws a `MeterReadError` unless a
 * meter change is recorded: then it is (old meter's final − opening) + (closing − new meter's initial).
 */
export function consumptionBetween(openingRead: DecimalInput, closingRead: DecimalInput, meterChange?: MeterChange): Ratio {
  const parts: Array<[DecimalInput, DecimalInput]> = meterChange
    ? [
        [openingRead, meterChange.oldMeterFinalRead],
        [meterChange.newMeterInitialRead, closingRead],
      ]
    : [[openingRead, closingRead]];
  return parts.reduce<Ratio>((total, [from, to]) => {
    const used = subtractExact(to, from);
    if (compareExact(used, 0) < 0) throw new MeterReadError('CLOSING_READ_BELOW_OPENING_READ', `${BILLING_MESSAGES.closingReadBelowOpeningRead} (${from} → ${to})`);
    return addExact(total, used);
  }, toRatio(0));
}

export function meteredLine(input: MeteredLineInput): MeteredLine {
  const { utility, register = 'SINGLE', vatRateBp, estimated = false } = input;
  const unitRate = parseRate(input.unitRate, 'unitRate');
  const consumption = consumptionBetween(input.openingRead, input.closingRead, input.meterChange);
  if (utility === 'gas' && !input.gasUnits) throw new RangeError('A gas line needs the meter units (METRIC or IMPERIAL)');
  const kwh = utility === 'gas' ? gasVolumeToKwh(consumption, input.gasUnits!, input.calorificValue) : consumption;
  return {
    kind: 'METERED',
    utility,
    register,
    consumption: toDecimalString(consumption, decimalPlaces(consumption) <= 4 ? decimalPlaces(consumption) : 4),
    kwh: toDecimalString(kwh, 4),
    unitRate: toDecimalString(unitRate, decimalPlaces(unitRate)),
    estimated,
    ...lineAmounts(multiplyExact(kwh, unitRate), vatRateBp),
  };
}

export interface RegisterReads {
  openingRead: DecimalInput;
  closingRead: DecimalInput;
  unitRate: DecimalInput;
  estimated?: boolean;
  meterChange?: MeterChange;
}

/** A dual-rate (economy 7) electricity meter: one DAY line and one NIGHT line, each rounded on its own. */
export function dualRateLines(input: { day: RegisterReads; night: RegisterReads; vatRateBp: number }): [MeteredLine, MeteredLine] {
  return [
    meteredLine({ utility: 'electric', register: 'DAY', vatRateBp: input.vatRateBp, ...input.day }),
    meteredLine({ utility: 'electric', register: 'NIGHT', vatRateBp: input.vatRateBp, ...input.night }),
  ];
}

/** Days × standing charge (pence per day, up to 4 decimals), rounded once, plus VAT. */
export function standingChargeLine(input: { days: number; standingCharge: DecimalInput; vatRateBp: number; utility?: Utility }): StandingChargeLine {
  const { days, vatRateBp, utility } = input;
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days must be a non-negative integer: ${days}`);
  const standingCharge = parseRate(input.standingCharge, 'standingCharge');
  return {
    kind: 'STANDING_CHARGE',
    ...(utility ? { utility } : {}),
    days,
    standingCharge: toDecimalString(standingCharge, decimalPlaces(standingCharge)),
    ...lineAmounts(multiplyExact(days, standingCharge), vatRateBp),
  };
}

export interface StatementTotals {
  netPence: number;
  vatPence: number;
  totalPence: number;
  /** Net and VAT per VAT rate, ascending by rate (for the VAT summary of a statement). */
  byVatRate: Array<{ vatRateBp: number; netPence: number; vatPence: number }>;
}

/** Sums the already rounded lines; nothing is rounded again. */
export function statementTotals(lines: readonly LineAmounts[]): StatementTotals {
  const rates = [...new Set(lines.map((line) => line.vatRateBp))].sort((a, b) => a - b);
  return {
    netPence: sumPence(lines.map((line) => line.netPence)),
    vatPence: sumPence(lines.map((line) => line.vatPence)),
    totalPence: sumPence(lines.map((line) => line.totalPence)),
    byVatRate: rates.map((vatRateBp) => {
      const atRate = lines.filter((line) => line.vatRateBp === vatRateBp);
      return { vatRateBp, netPence: sumPence(atRate.map((line) => line.netPence)), vatPence: sumPence(atRate.map((line) => line.vatPence)) };
    }),
  };
}
