/**
 * PLAN payment schedules: a tenant contract's price in instalments by payment frequency (MONTHLY 12,
 * QUARTERLY 4, TRIANNUAL 3 a year; fewer, pro rata, for a shorter contract) on the tenant's payment day.
 */
import { addDays, addMonths, daysBetween, daysInMonth } from '../validation/calendar';
import { INSTALMENTS_PER_YEAR, type PAYMENT_FREQUENCIES } from '../value-sets';
import { ratio, multiplyExact } from './exact';
import { assertPence, roundHalfUp } from './money';
import { periodDays } from './periods';

export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

/** 31 stands for the last day of the month; 1–29 are days of the month. */
export const PAYMENT_DAYS: readonly number[] = [...Array.from({ length: 29 }, (_, index) => index + 1), 31];
export const LAST_DAY_OF_MONTH = 31;

export interface Instalment {
  dueDate: string;
  amountPence: number;
}

export type PlanInstalmentsInput = {
  startDate: string;
  endDate: string;
  frequency: PaymentFrequency;
  paymentDay: number;
} & ({ contractPricePence: number; annualPricePence?: undefined } | { annualPricePence: number; contractPricePence?: undefined });

/**
 * Contract length from `startDate` to `endDate` inclusive, in whole months and the days of a part month.
 * N whole months end on `addMonths(start, N)` or the day before (the contract-date validators measure
 * 9 and 12 months with `end >= addMonths(start, N)` and `end <= addMonths(start, N)`, month-end clamped),
 * so 2026-09-01 to 2027-08-31 and 2026-09-01 to 2027-09-01 are both 12 months. Otherwise the days after
 * the last whole month are a part month of `partialMonthDays` days.
 */
export function contractLength(startDate: string, endDate: string): { wholeMonths: number; extraDays: number; partialMonthDays: number } {
  periodDays(startDate, endDate);
  let months = 1;
  while (addMonths(startDate, months) < endDate) months += 1;
  const monthsEnd = addMonths(startDate, months);
  if (addDays(monthsEnd, -1) <= endDate) return { wholeMonths: months, extraDays: 0, partialMonthDays: 0 };
  const partialStart = addMonths(startDate, months - 1);
  return { wholeMonths: months - 1, extraDays: daysBetween(partialStart, endDate) + 1, partialMonthDays: daysBetween(partialStart, monthsEnd) };
}

/**
 * Number of instalments: one per started payment interval (1, 3 or 4 months) of the contract, so a
 * 12-month contract gets 12 / 4 / 3, a 9-month one 9 / 3 / 3, and a part month counts as a month.
 */
export function instalmentCount(startDate: string, endDate: string, frequency: PaymentFrequency): number {
  const { wholeMonths, extraDays } = contractLength(startDate, endDate);
  const months = wholeMonths + (extraDays > 0 ? 1 : 0);
  return Math.ceil(months / (12 / INSTALMENTS_PER_YEAR[frequency]));
}

/** The contract price from an annual price: annual × contract months ÷ 12, a part month pro rata by its days. */
export function contractPriceFromAnnual(annualPricePence: number, startDate: string, endDate: string): number {
  assertPence(annualPricePence, 'annualPricePence');
  const { wholeMonths, extraDays, partialMonthDays } = contractLength(startDate, endDate);
  if (extraDays === 0) return roundHalfUp(multiplyExact(annualPricePence, ratio(wholeMonths, 12)));
  return roundHalfUp(multiplyExact(annualPricePence, ratio(wholeMonths * partialMonthDays + extraDays, 12 * partialMonthDays)));
}

/** The payment day in a month: 31 (and 29 in a 28-day February) falls on the month's last day. */
export function paymentDate(year: number, month: number, paymentDay: number): string {
  assertPaymentDay(paymentDay);
  const day = Math.min(paymentDay, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function assertPaymentDay(paymentDay: number): void {
  if (!PAYMENT_DAYS.includes(paymentDay)) throw new RangeError(`Payment day must be 1–29 or 31 (last day of the month): ${paymentDay}`);
}

/** The first payment day on or after `date`. */
export function firstPaymentDate(date: string, paymentDay: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const sameMonth = paymentDate(year, month, paymentDay);
  if (sameMonth >= date) return sameMonth;
  return month === 12 ? paymentDate(year + 1, 1, paymentDay) : paymentDate(year, month + 1, paymentDay);
}

/**
 * The schedule: the first instalment on the first payment day on or after the start, then one every 1, 3
 * or 4 months on the payment day. The price is split into equal instalments of whole pence and the
 * remainder pennies are added to the first instalment, so the instalments add up to the price exactly.
 */
export function planInstalments(input: PlanInstalmentsInput): Instalment[] {
  const { startDate, endDate, frequency, paymentDay } = input;
  assertPaymentDay(paymentDay);
  const price = input.contractPricePence ?? contractPriceFromAnnual(input.annualPricePence!, startDate, endDate);
  assertPence(price, 'contract price');
  if (price < 0) throw new RangeError(`Contract price must not be negative: ${price}`);
  const count = instalmentCount(startDate, endDate, frequency);
  const interval = 12 / INSTALMENTS_PER_YEAR[frequency];
  const base = Math.floor(price / count);
  const remainder = price - base * count;
  const first = firstPaymentDate(startDate, paymentDay);
  const firstIndex = Number(first.slice(0, 4)) * 12 + Number(first.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, k) => {
    const index = firstIndex + k * interval;
    return { dueDate: paymentDate(Math.floor(index / 12), (index % 12) + 1, paymentDay), amountPence: base + (k === 0 ? remainder : 0) };
  });
}

/** A weekly amount per month: weekly × 52 ÷ 12, rounded half-up once. */
export function weeklyToMonthly(weeklyPence: number): number {
  assertPence(weeklyPence, 'weeklyPence');
  return roundHalfUp(multiplyExact(weeklyPence, ratio(52, 12)));
}
