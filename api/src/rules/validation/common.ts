/**
 * What every rule of this folder shares. A rule returns null when the value is acceptable and otherwise the
 * message to show; the caller attaches the field name. As with `../validators`, a rule passes on an empty
 * value (undefined, null, blank string, empty array): pair it with `required` where the field is mandatory.
 */
export type RuleResult = string | null;

/** Shown by `validDate` and by the rules that need a date they cannot read. */
export const INVALID_DATE = 'Invalid date';

export function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}
