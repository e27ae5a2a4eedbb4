import type { Knex } from '@app/db';
import { isIsoDate, londonDate } from '../../rules';

/**
 * Today's date for the product: the Europe/London date, or the `currentDateOverride` setting when staff
 * have switched on `enableDateOverriding` (used to rehearse billing on a chosen day).
 */
export async function readSystemCurrentDate(db: Knex, now: Date = new Date()): Promise<string> {
  const rows: Array<{ key: string; value: unknown }> = await db('system_settings').whereIn('key', ['enableDateOverriding', 'currentDateOverride']);
  const setting = new Map(rows.map((row) => [row.key, row.value]));
  const override = setting.get('currentDateOverride');
  if (setting.get('enableDateOverriding') === true && typeof override === 'string' && isIsoDate(override)) return override;
  return londonDate(now);
}
