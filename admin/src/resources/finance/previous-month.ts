import { addDays, addMonths, londonDate } from '@app/api/rules';
import type { Period } from './finance-api';

/** Finance closes month by month: dialogs start on last month (London dates). */
export function previousMonth(now = new Date()): Period {
  const firstOfThisMonth = `${londonDate(now).slice(0, 8)}01`;
  return { periodStart: addMonths(firstOfThisMonth, -1), periodEnd: addDays(firstOfThisMonth, -1) };
}
