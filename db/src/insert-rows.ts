import type { Knex } from './knex';

/** A column of a bulk insert and its SQL type, as jsonb_to_recordset must be told. */
export type ColumnTypes = Readonly<Record<string, string>>;

/**
 * Inserts many rows in one statement carrying one parameter: the rows as a JSON array, turned back into rows
 * by jsonb_to_recordset. A VALUES list of the same rows has one bind parameter per cell (thousands for a
 * bill-run batch), which knex compiles and PostgreSQL parses cell by cell; this costs a fraction of that.
 * Only the columns named are written (the others take their defaults); `returning` names columns to return.
 */
export async function insertRows<T = Record<string, unknown>>(knex: Knex, table: string, columns: ColumnTypes, rows: readonly object[], returning: readonly string[] = []): Promise<T[]> {
  if (rows.length === 0) return [];
  const names = Object.keys(columns);
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const list = names.map(quote).join(', ');
  const definitions = names.map((name) => `${quote(name)} ${columns[name]}`).join(', ');
  const tail = returning.length ? ` RETURNING ${returning.map(quote).join(', ')}` : '';
  const result = (await knex.raw(`INSERT INTO ${quote(table)} (${list}) SELECT ${list} FROM jsonb_to_recordset(?::jsonb) AS r(${definitions})${tail}`, [JSON.stringify(rows)])) as { rows: T[] };
  return result.rows;
}
