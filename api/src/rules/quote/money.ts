/**
 * Exact money arithmetic for quotes. Amounts are integer pence; tariff rates (pence per kWh, pence per day)
 * carry up to 4 decimals and are held as integer ten-thousandths of a penny, so a line is computed exactly
 * (BigInt) and rounded half-up to the penny once.
 */

/** n / d rounded half-up (both non-negative, d > 0). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n || numerator < 0n) throw new RangeError('divideRoundHalfUp needs a non-negative numerator and a positive denominator');
  return (2n * numerator + denominator) / (2n * denominator);
}

/** A pence amount as a number (quote amounts stay far inside the safe-integer range). */
export function toPence(value: bigint): number {
  return Number(value);
}

/** A decimal rate ("24.8670", 24.867) as integer ten-thousandths (248670); more than 4 decimals is refused. */
export function toTenThousandths(value: string | number): bigint {
  const text = typeof value === 'number' ? value.toFixed(4) : value.trim();
  const match = /^(\d+)(?:\.(\d{0,4})0*)?$/.exec(text);
  if (!match) throw new RangeError(`Not a non-negative rate with up to 4 decimals: ${String(value)}`);
  return BigInt(match[1]!) * 10000n + BigInt((match[2] ?? '').padEnd(4, '0'));
}

/** Ten-thousandths back to a number with 4 decimals (for display). */
export function fromTenThousandths(value: bigint): number {
  return Number(value) / 10000;
}

/** `amount` × basis points / 10 000, rounded half-up (margin and VAT on a line). */
export function basisPointsOf(amountPence: bigint, basisPoints: number): bigint {
  return divideRoundHalfUp(amountPence * BigInt(basisPoints), 10000n);
}

