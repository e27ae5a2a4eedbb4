/**
 * Estimating a missing meter read at a date. With known reads on both sides of the date, linear daily usage
 * between the nearest two (interpolation); with two or more reads on one side only, linear usage of the
 * two nearest (extrapolation); with a single read, an annual kWh estimate spread evenly over 365 days
 * (converted to meter units for gas). The result is rounded half-up to `decimals` (default whole units) and
 * is always marked estimated. Errors carry the specification's texts.
 */
import { daysBetween } from '../validation/calendar';
import { isIsoDate } from '../dates';
import { BILLING_MESSAGES, EstimateReadError } from './errors';
import { type DecimalInput, type Ratio, addExact, compareExact, divideExact, ratio, multiplyExact, subtractExact, toDecimalString, toRatio } from './exact';
import { type GasMeterUnits, gasKwhToVolume } from './gas';

export const DAYS_PER_YEAR_FOR_ESTIMATES = 365;

export interface KnownRead {
  date: string;
  read: DecimalInput;
}

export interface EstimateReadInput {
  /** The date to estimate at ('YYYY-MM-DD'); missing or empty → "select a date to estimate a read". */
  date?: string | null;
  reads: readonly KnownRead[];
  /** kWh a year, used when there are not two reads to take usage from. */
  annualKwh?: DecimalInput | null;
  /** Meter units: KWH (electricity, default) or a gas meter's METRIC / IMPERIAL volume. */
  meterUnits?: 'KWH' | GasMeterUnits;
  calorificValue?: DecimalInput;
  /** Decimals kept in the estimated read (default 0). */
  decimals?: number;
}

export interface EstimatedRead {
  date: string;
  read: number;
  estimated: true;
  method: 'KNOWN_READ' | 'INTERPOLATED' | 'EXTRAPOLATED' | 'ANNUAL_ESTIMATE';
}

function notEnoughData(): never {
  throw new EstimateReadError('ESTIMATED_READ_CANNOT_BE_GENERATED', BILLING_MESSAGES.estimatedReadCannotBeGenerated);
}

function linear(from: { date: string; read: Ratio }, to: { date: string; read: Ratio }, date: string): Ratio {
  const perDay = divideExact(subtractExact(to.read, from.read), daysBetween(from.date, to.date));
  if (compareExact(perDay, 0) < 0) notEnoughData(); // reads going backwards: a meter change or a bad read
  return addExact(from.read, multiplyExact(perDay, daysBetween(from.date, date)));
}

export function estimateRead(input: EstimateReadInput): EstimatedRead {
  const { date, decimals = 0 } = input;
  if (!date) throw new EstimateReadError('SELECT_DATE_TO_ESTIMATE_READ', BILLING_MESSAGES.selectDateToEstimateRead);
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  // One read per date (the last given wins). Only the reads nearest the date are read exactly (at most two on
  // each side): a bill run estimates thousands of reads, each meter with a year of readings.
  const byDate = new Map<string, DecimalInput>();
  for (const known of input.reads) {
    if (!isIsoDate(known.date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${known.date}`);
    byDate.set(known.date, known.read);
  }
  const dates = [...byDate.keys()].sort();
  const at = (readDate: string) => ({ date: readDate, read: toRatio(byDate.get(readDate)!) });
  const firstAfter = dates.findIndex((readDate) => readDate > date);
  const beforeDates = (firstAfter === -1 ? dates : dates.slice(0, firstAfter)).filter((readDate) => readDate < date).slice(-2);
  const afterDates = firstAfter === -1 ? [] : dates.slice(firstAfter, firstAfter + 2);
  const before = beforeDates.map(at);
  const after = afterDates.map(at);
  const result = (value: Ratio, method: EstimatedRead['method']): EstimatedRead => {
    if (compareExact(value, 0) < 0) notEnoughData();
    return { date, read: Number(toDecimalString(value, decimals)), estimated: true, method };
  };

  if (byDate.has(date)) return result(toRatio(byDate.get(date)!), 'KNOWN_READ');
  if (before.length > 0 && after.length > 0) return result(linear(before.at(-1)!, after[0]!, date), 'INTERPOLATED');
  if (before.length >= 2) return result(linear(before.at(-2)!, before.at(-1)!, date), 'EXTRAPOLATED');
  if (after.length >= 2) return result(linear(after[0]!, after[1]!, date), 'EXTRAPOLATED');

  const nearest = before.at(-1) ?? after[0];
  if (!nearest || input.annualKwh === undefined || input.annualKwh === null) notEnoughData();
  const annualKwh = toRatio(input.annualKwh);
  if (compareExact(annualKwh, 0) <= 0) notEnoughData();
  const units = input.meterUnits ?? 'KWH';
  const annualUnits = units === 'KWH' ? annualKwh : gasKwhToVolume(annualKwh, units, input.calorificValue);
  const perDay = multiplyExact(annualUnits, ratio(1, DAYS_PER_YEAR_FOR_ESTIMATES));
  return result(addExact(nearest.read, multiplyExact(perDay, daysBetween(nearest.date, date))), 'ANNUAL_ESTIMATE');
}
