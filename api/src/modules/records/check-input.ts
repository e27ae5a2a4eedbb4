import type { FieldError } from '../../errors/domain-error';
import { boundsError, type FieldSpec, type ResourceSpec } from '../../rules';
import type { RecordValues } from './record-rules';

export type WriteMode = 'create' | 'update';

/** Input as written: trimmed text, blanks as null (a cleared optional field). */
function normalise(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  return value;
}

function kindError(name: string, field: FieldSpec, value: unknown): FieldError | null {
  const error = boundsError(field, value);
  return error ? { field: name, ...error } : null;
}

/**
 * Field-level checks of a create or update input against the catalogue: no unknown or system fields,
 * no change to create-only fields, the right kind and value set, required fields present, and each
 * field's §5 rules. Returns the cleaned values (refs as numbers) and every error found, not just the first.
 */
export function checkInput(spec: ResourceSpec, input: RecordValues, mode: WriteMode): { values: RecordValues; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values: RecordValues = {};
  for (const [name, raw] of Object.entries(input)) {
    if (raw === undefined) continue;
    const field = spec.fields[name];
    if (!field) {
      errors.push({ field: name, rule: 'unknown', message: 'is not a field of this record' });
      continue;
    }
    if (field.readOnly) {
      errors.push({ field: name, rule: 'readOnly', message: 'is set by the system' });
      continue;
    }
    if (mode === 'update' && field.createOnly) {
      errors.push({ field: name, rule: 'createOnly', message: 'cannot be changed once the record exists' });
      continue;
    }
    const value = normalise(raw);
    if (value === null) {
      if (field.required) errors.push({ field: name, rule: 'required', message: 'Required' });
      else values[name] = null;
      continue;
    }
    const wrongKind = kindError(name, field, value);
    if (wrongKind) {
      errors.push(wrongKind);
      continue;
    }
    const broken = (field.rules ?? []).map((rule) => rule(value)).find((message) => message !== null);
    if (broken) errors.push({ field: name, rule: 'rule', message: broken });
    else if (field.kind === 'ref') values[name] = Number(value);
    else values[name] = field.normalise && typeof value === 'string' ? (field.normalise(value) ?? value) : value;
  }
  if (mode === 'create') {
    for (const [name, field] of Object.entries(spec.fields)) {
      if (field.readOnly || name in values || errors.some((error) => error.field === name)) continue;
      if (field.defaultValue !== undefined) values[name] = field.defaultValue;
      else if (field.required) errors.push({ field: name, rule: 'required', message: 'Required' });
    }
  }
  return { values, errors };
}
