import { maxLength, required, type Validator } from 'react-admin';
import type { FieldSpec } from '@app/api/rules';

/** Strings default to 255 characters (the catalogue's `string` kind). */
const DEFAULT_STRING_LENGTH = 255;

export function isValidJson(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '' || typeof value !== 'string') return undefined;
  try {
    JSON.parse(value);
    return undefined;
  } catch {
    return 'Enter valid JSON';
  }
}

/**
 * The browser-side checks of a field, the same as the server's: required, each catalogue rule (isomorphic,
 * returning a message or null) and the longest accepted text. Messages show under the input.
 */
export function validatorsFor(field: FieldSpec): Validator[] {
  const validators: Validator[] = [];
  if (field.required) validators.push(required());
  for (const rule of field.rules ?? []) validators.push((value: unknown) => rule(value) ?? undefined);
  const longest = field.maxLength ?? (field.kind === 'string' ? DEFAULT_STRING_LENGTH : undefined);
  if (longest !== undefined && (field.kind === 'string' || field.kind === 'text')) validators.push(maxLength(longest));
  if (field.kind === 'json') validators.push(isValidJson);
  return validators;
}
