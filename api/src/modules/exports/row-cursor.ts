import type { Knex } from '@app/db';
import type pg from 'pg';

/** Every value as PostgreSQL's text form: no parsing into Dates or numbers; the formatters decide. */
const RAW_TEXT: pg.CustomTypesConfig = { getTypeParser: () => (value: string) => value };

export type RawRow = Array<string | null>;

/**
 * Reads a query's rows in batches through a server-side cursor (DECLARE … CURSOR / FETCH) on one pooled
 * connection inside a read-only transaction, so memory holds one batch whatever the row count. The
 * consumer's awaits between batches (the file's drain) are the backpressure: nothing is fetched until the
 * previous batch is written. The cursor is planned for reading every row (cursor_tuple_fraction 1), as
 * COPY would be, not for a quick first page.
 */
export async function* cursorBatches(db: Knex, sql: string, bindings: readonly unknown[], batchSize = 10_000): AsyncGenerator<RawRow[]> {
  const client = (await db.client.acquireConnection()) as pg.Client;
  let open = false;
  let failed = false;
  try {
    await client.query('BEGIN READ ONLY');
    open = true;
    await client.query('SET LOCAL cursor_tuple_fraction = 1.0');
    await client.query({ text: `DECLARE export_rows NO SCROLL CURSOR FOR ${sql}`, values: [...bindings] });
    for (;;) {
      const result = await client.query<RawRow>({ text: `FETCH ${batchSize} FROM export_rows`, rowMode: 'array', types: RAW_TEXT });
      if (result.rows.length) yield result.rows;
      if (result.rows.length < batchSize) break;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // COMMIT closes the cursor; after an error (or an early stop) ROLLBACK leaves the connection clean.
    if (open) await client.query(failed ? 'ROLLBACK' : 'COMMIT').catch(() => undefined);
    await db.client.releaseConnection(client);
  }
}
