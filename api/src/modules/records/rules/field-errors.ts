import type { FieldError } from '../../../errors/domain-error';
import type { RuleResult } from '../../../rules';

/** Collects the failed rules of a record as field errors (rule results are null when the value is fine). */
export function fieldErrors(checks: ReadonlyArray<[field: string, rule: string, result: RuleResult]>): FieldError[] {
  return checks.filter(([, , result]) => result !== null).map(([field, rule, result]) => ({ field, rule, message: result! }));
}
