import { BankHoliday } from '@app/db';
import type { Knex } from '@app/db';
import { BacsCalendar } from './bacs-calendar';

/** The Bacs calendar over the `bank_holidays` table (read once per job run: a handful of rows). */
export async function loadBacsCalendar(db: Knex): Promise<BacsCalendar> {
  const rows = await BankHoliday.query(db).select('date');
  return new BacsCalendar(new Set(rows.map((row) => String(row.date).slice(0, 10))));
}
