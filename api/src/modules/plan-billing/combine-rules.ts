import type { RecordRules } from '../records/record-rules';

/**
 * Two sets of record rules as one: both validate (their field errors together), both check a delete, both
 * derive (the second's values win on a clash) and both react after a write, the first's rules first. Lets
 * one module add `afterWrite` hooks to a resource whose validate rules another module owns.
 */
export function combineRules(first: RecordRules | undefined, second: RecordRules | undefined): RecordRules {
  if (!first) return second ?? {};
  if (!second) return first;
  const combined: RecordRules = {};
  if (first.validate || second.validate) {
    combined.validate = async (record, context) => [...((await first.validate?.(record, context)) ?? []), ...((await second.validate?.(record, context)) ?? [])];
  }
  if (first.beforeDelete || second.beforeDelete) {
    combined.beforeDelete = async (existing, context) => [...((await first.beforeDelete?.(existing, context)) ?? []), ...((await second.beforeDelete?.(existing, context)) ?? [])];
  }
  if (first.derive || second.derive) {
    combined.derive = async (record, context) => ({ ...((await first.derive?.(record, context)) ?? {}), ...((await second.derive?.(record, context)) ?? {}) });
  }
  if (first.afterWrite || second.afterWrite) {
    combined.afterWrite = async (record, context) => {
      await first.afterWrite?.(record, context);
      await second.afterWrite?.(record, context);
    };
  }
  return combined;
}

/** Each resource's rules of `base`, combined with `extra`'s rules for the same resource (resources only in `extra` are added). */
export function combineRuleSets(base: Record<string, RecordRules>, extra: Record<string, RecordRules>): Record<string, RecordRules> {
  const result: Record<string, RecordRules> = { ...base };
  for (const [name, rules] of Object.entries(extra)) result[name] = combineRules(base[name], rules);
  return result;
}
