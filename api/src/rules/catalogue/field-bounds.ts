import { isCalendarDate } from '../validation/calendar';
import { INVALID_DATE } from '../validation/common';
import { INPUT_BOUNDS, maxLengthOf, precisionOf, type FieldSpec } from './types';

/*
 * The kind and bounds of one value of a catalogue field, checked before anything reaches SQL: a value the
 * column cannot hold (a null byte, an id past the integer range, 1e20 in a NUMERIC(10, 4)) is the user's
 * mistake and gets a field error naming the rule, never a database error. Pure: the back office can run it.
 */

export interface BoundsError {
  rule: string;
  message: string;
}

/** C0 controls and DEL (matching them is the point, hence the rule's exception); long texts keep tab, LF and CR. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A single-line text with a control character or null byte in it (refused: no column wants one). */
export const hasControlCharacters = (text: string): boolean => CONTROL.test(text);
/** An instant as ISO 8601 with a date PostgreSQL and JavaScript agree on. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const JSON_MAX = 20_000;

/** An ISO 8601 instant whose date is on the calendar (2024-02-30 is not) and whose time is on the clock. */
function isInstant(value: unknown): boolean {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value) || !isCalendarDate(value.slice(0, 10))) return false;
  const [hours = 0, minutes = 0, seconds = 0] = (value.slice(11, 19).match(/\d{2}/g) ?? []).map(Number);
  return hours <= 23 && minutes <= 59 && seconds <= 59 && !Number.isNaN(Date.parse(value));
}

const fail = (rule: string, message: string): BoundsError => ({ rule, message });

function textError(field: FieldSpec, value: unknown): BoundsError | null {
  if (typeof value !== 'string') return fail('string', 'must be text');
  if ((field.kind === 'text' ? CONTROL_IN_TEXT : CONTROL).test(value)) return fail('characters', 'must not contain control characters');
  const max = maxLengthOf(field);
  return value.length > max ? fail('maxLength', `must be at most ${max} characters`) : null;
}

function wholeNumberError(field: FieldSpec, value: unknown): BoundsError | null {
  const max = field.max ?? INPUT_BOUNDS.int;
  const min = field.min ?? -INPUT_BOUNDS.int;
  if (!Number.isInteger(value)) return fail('integer', field.kind === 'money' ? 'must be a whole number of pence' : 'must be a whole number');
  if ((value as number) > max) return fail('max', field.maxMessage ?? `must be at most ${max}`);
  return (value as number) < min ? fail('min', `must be at least ${min}`) : null;
}

function decimalError(field: FieldSpec, value: unknown): BoundsError | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail('number', 'must be a number');
  const { digits, scale } = precisionOf(field);
  const limit = 10 ** (digits - scale);
  const max = Math.min(field.max ?? limit, limit);
  const min = Math.max(field.min ?? -limit, -limit);
  if (value >= limit || value > max) return fail('max', field.maxMessage ?? `must be less than ${max}`);
  return value <= -limit || value < min ? fail('min', `must be at least ${min}`) : null;
}

/** The id of a record: a positive whole number within the integer range (as a number or a string). */
export function isRecordId(value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= INPUT_BOUNDS.int;
}

/** Why `value` (not blank) cannot be stored in `field`, or null. */
export function boundsError(field: FieldSpec, value: unknown): BoundsError | null {
  switch (field.kind) {
    case 'string':
    case 'text':
      return textError(field, value);
    case 'int':
    case 'money':
      return wholeNumberError(field, value);
    case 'decimal':
      return decimalError(field, value);
    case 'date':
      return isCalendarDate(value) ? null : fail('validDate', INVALID_DATE);
    case 'datetime':
      return isInstant(value) ? null : fail('validDate', INVALID_DATE);
    case 'boolean':
      return typeof value === 'boolean' ? null : fail('boolean', 'must be true or false');
    case 'enum':
      return typeof value === 'string' && field.values?.includes(value) ? null : fail('oneOf', `must be one of ${field.values?.join(', ')}`);
    case 'ref':
      return isRecordId(value) ? null : fail('reference', 'must be the id of a record');
    case 'json': {
      const text = JSON.stringify(value) ?? '';
      if (text.length > JSON_MAX) return fail('maxLength', `must be at most ${JSON_MAX} characters`);
      // PostgreSQL's jsonb holds neither the null character nor half a surrogate pair (which JSON.stringify
      // writes as an escape; whole pairs it writes as they are).
      return /\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(text) ? fail('characters', 'must not contain control characters') : null;
    }
  }
}
