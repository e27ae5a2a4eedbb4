import { createTestDatabase, type TestDatabase } from '../../testing';
import { copyCsvLines } from './copy-csv-lines';

/*
 * CSV lines through binary COPY: every byte of every line as PostgreSQL built it, rows split across the
 * stream's chunks put back together, and a connection left unusable by an unfinished COPY never reused.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** 3,000 lines of up to ~1.5 KB with quotes, commas, line breaks and non-ASCII text: chunks end inside rows. */
const LINES_SQL = `SELECT '"' || replace('n°' || i || ', "quoted" ' || repeat('é', i % 700) || E'\\nnext line', '"', '""') || '"' || E'\\r\\n' AS line
  FROM generate_series(1, ?) i ORDER BY i`;

function expectedLine(i: number): string {
  return `"${`n°${i}, "quoted" ${'é'.repeat(i % 700)}\nnext line`.replace(/"/g, '""')}"\r\n`;
}

it('gives back every line byte for byte, in order, with the row count, whatever the chunking', async () => {
  const runs = [];
  for await (const run of copyCsvLines(db.knex, LINES_SQL.replace('?', '$1'), [3000])) runs.push(run);
  expect(runs.length).toBeGreaterThan(1);
  expect(runs.reduce((sum, run) => sum + run.rows, 0)).toBe(3000);
  const text = Buffer.concat(runs.map((run) => run.bytes)).toString('utf8');
  expect(text).toBe(Array.from({ length: 3000 }, (_, index) => expectedLine(index + 1)).join(''));
});

it('inlines the bindings safely: a quote in a value cannot end the literal', async () => {
  const runs = [];
  for await (const run of copyCsvLines(db.knex, `SELECT $1::text || E'\\r\\n' AS line`, ["it's'); DROP TABLE users; --"])) runs.push(run);
  expect(Buffer.concat(runs.map((run) => run.bytes)).toString('utf8')).toBe("it's'); DROP TABLE users; --\r\n");
  expect(await db.knex.schema.hasTable('users')).toBe(true);
});

it('leaves the pool working after a consumer stops in the middle of a COPY', async () => {
  for await (const run of copyCsvLines(db.knex, LINES_SQL.replace('?', '$1'), [3000])) {
    expect(run.rows).toBeGreaterThan(0);
    break;
  }
  // Every pooled connection answers a query (a connection left in COPY state would fail or hang).
  const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => db.knex.raw('SELECT ?::int AS n', [index])));
  expect(answers.map((answer) => answer.rows[0].n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
});
