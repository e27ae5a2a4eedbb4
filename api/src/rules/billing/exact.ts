/**
 * Exact rational arithmetic for money maths: a value is a fraction of two BigInts, so a unit rate of
 * 24.5012 p/kWh times 500 kWh is exactly 12250.6 and 0.145 × 100 is exactly 14.5 (binary floating point
 * gives 14.499999999999998). Numbers are read through their shortest decimal spelling (`String(0.145)` is
 * '0.145'), which is the value a person typed or a database numeric column held. Isomorphic: BigInt only.
 */

/** A decimal amount: a JavaScript number, a decimal string such as '24.5012' or '-1.5e-3', or a bigint. */
export type DecimalInput = number | string | bigint;

/** n / d with d > 0, always in lowest terms. */
export interface Ratio {
  readonly n: bigint;
  readonly d: bigint;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function isRatio(value: unknown): value is Ratio {
  return typeof value === 'object' && value !== null && typeof (value as Ratio).n === 'bigint' && typeof (value as Ratio).d === 'bigint';
}

/** numerator / denominator in lowest terms; throws on a zero denominator. */
export function ratio(numerator: bigint | number, denominator: bigint | number = 1n): Ratio {
  let n = typeof numerator === 'bigint' ? numerator : integerToBigInt(numerator);
  let d = typeof denominator === 'bigint' ? denominator : integerToBigInt(denominator);
  if (d === 0n) throw new RangeError('Division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

function integerToBigInt(value: number): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a safe integer: ${value}`);
  return BigInt(value);
}

/** Reads a number, decimal string or bigint exactly; throws on NaN, infinities and non-numeric strings. */
export function toRatio(value: DecimalInput | Ratio): Ratio {
  if (isRatio(value)) return ratio(value.n, value.d);
  if (typeof value === 'bigint') return { n: value, d: 1n };
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const text = typeof value === 'number' ? String(value) : value;
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not a decimal number: ${JSON.stringify(text)}`);
  const [, sign, whole = '', decimals = '', exponentText] = match;
  const exponent = (exponentText === undefined ? 0 : Number(exponentText)) - decimals.length;
  if (Math.abs(exponent) > 400) throw new RangeError(`Exponent out of range: ${text}`);
  let n = BigInt(`${whole}${decimals}` || '0');
  if (sign === '-') n = -n;
  return exponent >= 0 ? ratio(n * 10n ** BigInt(exponent)) : ratio(n, 10n ** BigInt(-exponent));
}

export function addExact(a: DecimalInput | Ratio, b: DecimalInput | Ratio): Ratio {
  const x = toRatio(a);
  const y = toRatio(b);
  return ratio(x.n * y.d + y.n * x.d, x.d * y.d);
}

export function subtractExact(a: DecimalInput | Ratio, b: DecimalInput | Ratio): Ratio {
  const y = toRatio(b);
  return addExact(a, { n: -y.n, d: y.d });
}

export function multiplyExact(...values: Array<DecimalInput | Ratio>): Ratio {
  return values.reduce<Ratio>((product, value) => {
    const x = toRatio(value);
    return ratio(product.n * x.n, product.d * x.d);
  }, { n: 1n, d: 1n });
}

export function divideExact(a: DecimalInput | Ratio, b: DecimalInput | Ratio): Ratio {
  const x = toRatio(a);
  const y = toRatio(b);
  if (y.n === 0n) throw new RangeError('Division by zero');
  return ratio(x.n * y.d, x.d * y.n);
}

/** -1, 0 or 1. */
export function compareExact(a: DecimalInput | Ratio, b: DecimalInput | Ratio): number {
  const difference = subtractExact(a, b).n;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** Rounds to a whole number, halves away from zero (2.5 → 3, -2.5 → -3, 2.4999 → 2). */
export function roundRatioHalfUp(value: DecimalInput | Ratio): bigint {
  const { n, d } = toRatio(value);
  const magnitude = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -magnitude : magnitude;
}

/** A bigint as a JavaScript number, refusing values beyond Number.MAX_SAFE_INTEGER. */
export function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Out of the safe integer range: ${value}`);
  return result;
}

/** The value rounded half-up to `places` decimals, as a plain decimal string ('1122.0633'), for display. */
export function toDecimalString(value: DecimalInput | Ratio, places: number): string {
  if (!Number.isInteger(places) || places < 0) throw new RangeError(`Not a number of decimal places: ${places}`);
  const scaled = roundRatioHalfUp(multiplyExact(value, 10n ** BigInt(places)));
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const decimals = places > 0 ? `.${digits.slice(digits.length - places)}` : '';
  return `${negative ? '-' : ''}${whole}${decimals}`;
}

/** Number of decimals in a decimal spelling (0 for an integer); used to enforce "up to 4 decimals". */
export function decimalPlaces(value: DecimalInput | Ratio): number {
  let { d } = toRatio(value);
  let places = 0;
  while (d % 10n === 0n) {
    d /= 10n;
    places += 1;
  }
  let twos = 0;
  let fives = 0;
  while (d % 2n === 0n) {
    d /= 2n;
    twos += 1;
  }
  while (d % 5n === 0n) {
    d /= 5n;
    fives += 1;
  }
  return d === 1n ? places + Math.max(twos, fives) : Number.POSITIVE_INFINITY;
}
