import { formatDisplayDate } from './dates';
import { daysBetween } from './validation/calendar';

/**
 * Checks a person's meter reading against the meter's last one before it is sent for approval. A reading
 * lower than the last, or one that implies more use a day than a shared house plausibly has, is not refused:
 * the person is asked to look again and confirm (a meter may have been replaced, a last read mistyped).
 */

/** Most a shared house plausibly uses in a day (kWh for electricity and gas, m³ for water): 5–10× a typical day. */
export const PLAUSIBLE_DAILY_MAXIMUM: Readonly<Record<string, number>> = { electric: 60, gas: 250, water: 5 };

/** Largest value a register holds (numeric(14,3)). */
export const MAX_READING_VALUE = 99_999_999_999.999;

export interface PreviousReading {
  readingDate: string;
  value: number;
}

export type ReadingConcern = { rule: 'lowerThanLast' | 'implausiblyHigh'; message: string };

export function readingConcern(utilityType: string, previous: PreviousReading | null, reading: { readingDate: string; value: number }): ReadingConcern | null {
  if (!previous) return null;
  const last = `${previous.value} on ${formatDisplayDate(previous.readingDate)}`;
  if (reading.value < previous.value) {
    return { rule: 'lowerThanLast', message: `This reading is lower than the last one (${last}). Check the meter and confirm it is right.` };
  }
  const days = Math.max(1, daysBetween(previous.readingDate, reading.readingDate));
  const perDay = (reading.value - previous.value) / days;
  const maximum = PLAUSIBLE_DAILY_MAXIMUM[utilityType];
  if (maximum !== undefined && perDay > maximum) {
    return { rule: 'implausiblyHigh', message: `This reading means about ${Math.round(perDay)} units a day since the last one (${last}), far more than usual. Check it and confirm it is right.` };
  }
  return null;
}
