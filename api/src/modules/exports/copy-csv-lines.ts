import type { Knex } from '@app/db';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** PGCOPY\n\377\r\n\0, then a 4-byte flags field and a 4-byte header-extension length (0). */
const BINARY_HEADER_BYTES = 19;

/** A run of complete CSV lines (CRLF-terminated) and how many rows they are. */
export interface CsvLines {
  bytes: Buffer;
  rows: number;
}

/**
 * The lines of a CSV export straight from `COPY (…) TO STDOUT (FORMAT binary)`: the query yields one text
 * column, the whole CSV line already built and quoted by PostgreSQL (csvLineSql), ending in CRLF. Binary
 * COPY sends that text untouched (text COPY would escape it), framed per row as a 2-byte field count, a
 * 4-byte length and the bytes; this strips the framing as the chunks arrive. COPY runs at PostgreSQL's own
 * export speed (a cursor's FETCH round trips and per-row messages cost about twice as much); the consumer's
 * awaits are the backpressure (the stream is paused between chunks). COPY takes no bind parameters, so the
 * bindings are inlined by knex's own escaping.
 */
export async function* copyCsvLines(db: Knex, sql: string, bindings: readonly unknown[]): AsyncGenerator<CsvLines> {
  const text = db.raw(sql.replace(/\$(\d+)/g, '?'), [...bindings] as Knex.RawBinding[]).toString();
  const client = (await db.client.acquireConnection()) as pg.Client & { __knex__disposed?: unknown };
  let complete = false;
  try {
    const stream = client.query(copyTo(`COPY (${text}) TO STDOUT (FORMAT binary)`));
    let carry: Buffer = Buffer.alloc(0);
    let headerSeen = false;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let buffer = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      if (!headerSeen) {
        if (buffer.length < BINARY_HEADER_BYTES) {
          carry = buffer;
          continue;
        }
        buffer = buffer.subarray(BINARY_HEADER_BYTES);
        headerSeen = true;
      }
      const parts: Buffer[] = [];
      let rows = 0;
      let offset = 0;
      // Each row: int16 field count (1), int32 length, the line. The trailer is an int16 of -1.
      while (offset + 2 <= buffer.length) {
        const fields = buffer.readInt16BE(offset);
        if (fields === -1) {
          offset += 2;
          continue;
        }
        if (offset + 6 > buffer.length) break;
        const length = buffer.readInt32BE(offset + 2);
        if (length < 0) throw new Error('export error: a CSV line came back NULL');
        if (offset + 6 + length > buffer.length) break;
        parts.push(buffer.subarray(offset + 6, offset + 6 + length));
        rows += 1;
        offset += 6 + length;
      }
      carry = Buffer.from(buffer.subarray(offset));
      if (rows) yield { bytes: Buffer.concat(parts), rows };
    }
    if (carry.length) throw new Error(`export error: the COPY stream ended inside a row (${carry.length} bytes left)`);
    complete = true;
  } finally {
    // A failure, or a consumer that stopped early, leaves the COPY unfinished on this connection: the pool
    // must not hand it out again (knex discards a connection marked disposed), so it is closed.
    if (!complete) {
      client.__knex__disposed = 'export COPY not finished';
      await client.end().catch(() => undefined);
    }
    await db.client.releaseConnection(client);
  }
}
