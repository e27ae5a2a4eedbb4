/**
 * Money in integer pence. Every function rounds at most once, half-up (halves away from zero, so negative
 * amounts mirror positive ones), from the exact value (see `exact.ts`), never from a binary float.
 */
import { type DecimalInput, type Ratio, divideExact, ratio, multiplyExact, roundRatioHalfUp, toSafeNumber } from './exact';

/** Throws unless `value` is a whole number of pence within the safe integer range. */
export function assertPence(value: number, name = 'amount'): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number of pence: ${value}`);
}

/** The exact value rounded half-up to a whole number of pence: 2.5 → 3, 2.4999 → 2, -2.5 → -3. */
export function roundHalfUp(value: DecimalInput | Ratio): number {
  return toSafeNumber(roundRatioHalfUp(value));
}

/** numerator ÷ denominator rounded half-up once (e.g. amount × days ÷ period days). */
export function divideRoundHalfUp(numerator: DecimalInput | Ratio, denominator: DecimalInput | Ratio): number {
  return roundHalfUp(divideExact(numerator, denominator));
}

/** VAT on a net amount: net × rate (basis points, 500 = 5%) rounded half-up once. */
export function vatOn(netPence: number, rateBp: number): number {
  assertPence(netPence, 'netPence');
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) throw new RangeError(`VAT rate must be whole basis points: ${rateBp}`);
  return roundHalfUp(multiplyExact(netPence, ratio(rateBp, 10_000)));
}

/** '£1,234.56' (en-GB); negative amounts '-£1,234.56', as Intl's en-GB GBP currency format writes them. */
export function formatPounds(pence: number): string {
  assertPence(pence, 'pence');
  const magnitude = Math.abs(pence);
  const pounds = Math.floor(magnitude / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const pennies = String(magnitude % 100).padStart(2, '0');
  return `${pence < 0 ? '-' : ''}£${pounds}.${pennies}`;
}

/**
 * Splits `totalPence` in proportion to non-negative integer `weights` (largest-remainder method): each
 * part gets the floor of its exact share, then the pennies left go one each to the parts with the largest
 * remainders; ties go to the part with the lowest `tiePriority` (default: its index, so the earlier part).
 * The parts always add up to the total; a zero weight gets nothing. A negative total (a credit) is split
 * like its magnitude and negated.
 */
export function allocateByWeights(totalPence: number, weights: readonly number[], tiePriority: readonly number[] = weights.map((_, index) => index)): number[] {
  assertPence(totalPence, 'totalPence');
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`Weights must be non-negative integers: ${weight}`);
  }
  const totalWeight = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (totalWeight === 0n) throw new RangeError('Cannot allocate by weights that are all zero');
  const magnitude = BigInt(Math.abs(totalPence));
  const shares = weights.map((weight) => (magnitude * BigInt(weight)) / totalWeight);
  const remainders = weights.map((weight) => (magnitude * BigInt(weight)) % totalWeight);
  let left = magnitude - shares.reduce((sum, share) => sum + share, 0n);
  const tie = (a: number, b: number) => tiePriority[a]! - tiePriority[b]! || a - b;
  const order = remainders.map((remainder, index) => ({ remainder, index })).sort((a, b) => (a.remainder === b.remainder ? tie(a.index, b.index) : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map((share) => (totalPence < 0 ? -toSafeNumber(share) : toSafeNumber(share)) || 0);
}

/** `totalPence` in `parts` near-equal parts; the remainder pennies go one each to the first parts. */
export function splitEvenly(totalPence: number, parts: number): number[] {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`parts must be a positive integer: ${parts}`);
  return allocateByWeights(totalPence, new Array<number>(parts).fill(1));
}

/** Sum of pence amounts, checked to stay whole and safe. */
export function sumPence(amounts: readonly number[]): number {
  const total = amounts.reduce((sum, amount) => {
    assertPence(amount);
    return sum + amount;
  }, 0);
  assertPence(total, 'total');
  return total;
}
