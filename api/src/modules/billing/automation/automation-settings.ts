import type { Knex } from '@app/db';
import { DEFAULT_BILLING_DAY, MAX_BILLING_DAY } from './automation-period';

/*
 * Where automated billing is switched on. Two switches, both needed:
 * - the feature flag `automatedBilling` (feature_flags; the specification's flag): the product-wide switch;
 * - the system setting `automatedBillingGroups` (system_settings): which groups bill by themselves and on
 *   which day of the month, as JSON keyed by group id, e.g. {"1": {"enabled": true, "billingDay": 1}}.
 *   `billingDay` is 1–28 and defaults to 1; a group absent or with `enabled` not true is not automated.
 */

export const AUTOMATED_BILLING_FEATURE = 'automatedBilling';
export const AUTOMATED_BILLING_GROUPS_SETTING = 'automatedBillingGroups';

export type GroupAutomation = { groupId: number; billingDay: number } | { groupId: number; invalid: string };

/** The groups whose automation is on (none while the feature flag is off), each with its billing day or why its entry is unusable. */
export async function readGroupAutomations(db: Knex): Promise<{ featureEnabled: boolean; groups: GroupAutomation[] }> {
  const flag: { enabled: boolean } | undefined = await db('feature_flags').where({ name: AUTOMATED_BILLING_FEATURE }).first('enabled');
  if (flag?.enabled !== true) return { featureEnabled: false, groups: [] };
  const row: { value: unknown } | undefined = await db('system_settings').where({ key: AUTOMATED_BILLING_GROUPS_SETTING }).first('value');
  const setting = row?.value;
  if (setting === null || setting === undefined || typeof setting !== 'object' || Array.isArray(setting)) return { featureEnabled: true, groups: [] };
  const known = new Set((await db('groups').select('id')).map((group: { id: number }) => group.id));
  const groups: GroupAutomation[] = [];
  for (const [key, entry] of Object.entries(setting as Record<string, unknown>)) {
    const groupId = Number(key);
    if (!entry || typeof entry !== 'object' || (entry as { enabled?: unknown }).enabled !== true) continue;
    const billingDay = (entry as { billingDay?: unknown }).billingDay ?? DEFAULT_BILLING_DAY;
    if (!Number.isInteger(groupId) || !known.has(groupId)) groups.push({ groupId, invalid: `No group ${key}` });
    else if (!Number.isInteger(billingDay) || (billingDay as number) < 1 || (billingDay as number) > MAX_BILLING_DAY) {
      groups.push({ groupId, invalid: `billingDay must be a whole number from 1 to ${MAX_BILLING_DAY}` });
    } else groups.push({ groupId, billingDay: billingDay as number });
  }
  return { featureEnabled: true, groups: groups.sort((a, b) => a.groupId - b.groupId) };
}
