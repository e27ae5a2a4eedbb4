import { DomainError, type FieldError } from '../../errors/domain-error';
import { columnOf, type ResourceSpec } from '../../rules';

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  column?: string;
}

/** The catalogue field a constraint or error detail names, when one does. */
function fieldNamed(spec: ResourceSpec, text: string): string | null {
  const found = Object.entries(spec.fields).find(([name, field]) => new RegExp(`\\b${columnOf(name, field)}\\b`).test(text));
  return found?.[0] ?? null;
}

/**
 * The database is the last guard (unique keys, references, checks, exclusion of overlaps). When two
 * requests race past the API's own checks, the loser gets the same field error instead of a 500.
 */
export function translateDatabaseError(spec: ResourceSpec, error: unknown): never {
  const pg = error as PgError;
  const where = `${pg.constraint ?? ''} ${pg.detail ?? ''} ${pg.column ?? ''}`;
  const field = fieldNamed(spec, where) ?? 'id';
  const fail = (rule: string, message: string, code: 'BAD_USER_INPUT' | 'CONFLICT' = 'BAD_USER_INPUT', named = field): never => {
    const fields: FieldError[] = [{ field: named, rule, message }];
    throw code === 'CONFLICT' ? new DomainError('CONFLICT', `${named}: ${message}`, { fields }) : DomainError.invalid(fields);
  };
  switch (pg.code) {
    case '23505':
      return fail('unique', field === 'email' ? 'This e-mail address is already used' : 'already exists', 'CONFLICT');
    case '23503':
      return fail('reference', 'refers to a record that does not exist or is still in use');
    case '23514':
      return fail('check', `breaks the rule ${pg.constraint ?? 'of this record'}`);
    case '23502':
      return fail('required', 'Required');
    case '23P01':
      if (pg.constraint === 'house_contracts_no_overlap') {
        return fail('overlap', 'House contract dates overlap another house contract of this house', 'CONFLICT', 'signUpDate');
      }
      return fail('overlap', 'overlaps another record for the same period', 'CONFLICT');
    default:
      throw error;
  }
}
