import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Knex } from './knex';

/** A cell of a copied row: written as COPY's text format writes it. */
export type CopyValue = string | number | boolean | null | undefined;

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One cell in COPY's text format: \N for null, t/f, and text with backslash, tab and line breaks escaped. */
export function copyText(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`COPY cannot write the number ${value}`);
    return String(value);
  }
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char]!) : value;
}

/**
 * Writes many rows into a table with `COPY … FROM STDIN`, in the caller's transaction (its connection). Rows
 * are arrays in the order of `columns`; the columns not named take their defaults. COPY is PostgreSQL's own
 * bulk path: no statement to plan and no JSON to parse (measured on 276,881 bill lines: 5.0 s against 9.3 s
 * through jsonb_to_recordset). Constraints, foreign keys and unique indexes are checked as for an INSERT; a
 * violation rejects with PostgreSQL's error (its code and constraint) and nothing of the COPY is kept.
 */
export async function copyRows(trx: Knex.Transaction, table: string, columns: readonly string[], rows: ReadonlyArray<readonly CopyValue[]>): Promise<void> {
  if (rows.length === 0) return;
  let text = '';
  for (const row of rows) {
    if (row.length !== columns.length) throw new RangeError(`A row for ${table} has ${row.length} values for ${columns.length} columns`);
    for (let index = 0; index < row.length; index++) text += (index ? '\t' : '') + copyText(row[index]);
    text += '\n';
  }
  // Inside a transaction knex hands back the transaction's own connection (and never releases it here).
  const client = (await trx.client.acquireConnection()) as pg.Client;
  const stream = client.query(copyFrom(`COPY ${quoteName(table)} (${columns.map(quoteName).join(', ')}) FROM STDIN`));
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(Buffer.from(text, 'utf8'));
  });
}

/**
 * `count` new ids from the table's own id sequence, for rows written by copyRows that other rows of the same
 * write must point at (COPY returns nothing). Ids taken and not used are gaps, as after any rolled-back insert.
 */
export async function allocateIds(trx: Knex.Transaction, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = (await trx.raw(`SELECT nextval(pg_get_serial_sequence(?, 'id')) AS id FROM generate_series(1, ?::int)`, [table, count])) as { rows: Array<{ id: string }> };
  return result.rows.map((row) => Number(row.id));
}
