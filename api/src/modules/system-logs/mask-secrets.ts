/** Field names whose values never reach storage: any key containing one of these words, at any depth. */
const SECRET_KEY = /pass(word)?|secret|token|authorization|cvc|cvv/i;
export const MASK = '********';

/** A deep copy of `value` with every secret-looking field replaced by MASK. Cycles are cut, not followed. */
export function maskSecrets(value: unknown, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, seen));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? MASK : maskSecrets(inner, seen)]),
  );
}
