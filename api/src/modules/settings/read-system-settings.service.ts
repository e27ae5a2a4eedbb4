import type { Knex } from '@app/db';
import { FEATURE_FLAGS, SYSTEM_SETTING_FLAGS, type FeatureFlag, type SystemSettingFlag } from '../../rules';

/** The system-settings flags, each false unless the row says true. */
export async function readSystemSettingFlags(db: Knex): Promise<Record<SystemSettingFlag, boolean>> {
  const rows: Array<{ key: string; value: unknown }> = await db('system_settings').whereIn('key', [...SYSTEM_SETTING_FLAGS]);
  const byKey = new Map(rows.map((row) => [row.key, row.value === true]));
  return Object.fromEntries(SYSTEM_SETTING_FLAGS.map((flag) => [flag, byKey.get(flag) ?? false])) as Record<SystemSettingFlag, boolean>;
}

/** Names of the feature flags that are switched on. */
export async function readEnabledFeatures(db: Knex): Promise<FeatureFlag[]> {
  const rows: Array<{ name: FeatureFlag }> = await db('feature_flags').where({ enabled: true }).select('name');
  const enabled = new Set(rows.map((row) => row.name));
  return FEATURE_FLAGS.filter((flag) => enabled.has(flag));
}
