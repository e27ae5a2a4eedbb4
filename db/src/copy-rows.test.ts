import { createTestDatabase, type TestDatabase } from '../../api/src/testing';
import { allocateIds, copyRows } from './copy-rows';

/*
 * Rows written by COPY come back exactly as given (text with tabs, line breaks, backslashes and a literal
 * "\N", nulls, booleans, numbers, dates); a violation rejects with PostgreSQL's code and constraint and keeps
 * nothing; ids taken from the sequence are never handed out again.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.knex.raw(`CREATE TABLE copy_probe (id bigserial PRIMARY KEY, label text NOT NULL, amount int, rate numeric(10,4), flag boolean, day date,
    CONSTRAINT copy_probe_label_unique UNIQUE (label))`);
});
afterAll(() => db.drop());

const COLUMNS = ['label', 'amount', 'rate', 'flag', 'day'];

it('writes every value as given: escapes, nulls, booleans, numbers and dates', async () => {
  const labels = ['tab\there', 'two\nlines', 'carriage\r\nreturn', 'back\\slash', '\\N', 'naïve £5 — ok', ''];
  await db.knex.transaction((trx) =>
    copyRows(
      trx,
      'copy_probe',
      COLUMNS,
      labels.map((label, index) => [label, index % 2 ? null : 10 - index * 7, index % 3 ? '24.5012' : undefined, index % 2 === 0, index ? `2026-0${index}-28` : null]),
    ),
  );
  const rows = await db.knex('copy_probe').orderBy('id').select('label', 'amount', 'rate', 'flag', db.knex.raw(`to_char(day, 'YYYY-MM-DD') AS day`));
  expect(rows).toEqual(
    labels.map((label, index) => ({ label, amount: index % 2 ? null : 10 - index * 7, rate: index % 3 ? '24.5012' : null, flag: index % 2 === 0, day: index ? `2026-0${index}-28` : null })),
  );
});

it('rejects a violation with its code and constraint, keeps none of the rows, and leaves the transaction usable after a savepoint', async () => {
  const before = Number((await db.knex('copy_probe').count({ n: '*' }))[0]!.n);
  const outcome = await db.knex.transaction(async (trx) => {
    const failure = await trx
      .transaction((savepoint) => copyRows(savepoint, 'copy_probe', COLUMNS, [['fresh one', 1, null, null, null], ['tab\there', 2, null, null, null]]))
      .then(
        () => null,
        (error: { code?: string; constraint?: string }) => error,
      );
    await copyRows(trx, 'copy_probe', COLUMNS, [['after the failure', 3, null, true, '2026-11-22']]);
    return failure;
  });
  expect(outcome).toMatchObject({ code: '23505', constraint: 'copy_probe_label_unique' });
  const labels = (await db.knex('copy_probe').pluck('label')) as string[];
  expect(labels).toHaveLength(before + 1);
  expect(labels).toContain('after the failure');
  expect(labels).not.toContain('fresh one');
});

it('refuses a row of the wrong width or a number COPY cannot write, before sending anything', async () => {
  await expect(db.knex.transaction((trx) => copyRows(trx, 'copy_probe', COLUMNS, [['short', 1]]))).rejects.toThrow('A row for copy_probe has 2 values for 5 columns');
  await expect(db.knex.transaction((trx) => copyRows(trx, 'copy_probe', COLUMNS, [['nan', Number.NaN, null, null, null]]))).rejects.toThrow('COPY cannot write the number NaN');
});

it('hands out ids from the table sequence that later inserts never reuse', async () => {
  const ids = await db.knex.transaction(async (trx) => {
    const taken = await allocateIds(trx, 'copy_probe', 3);
    await copyRows(trx, 'copy_probe', ['id', ...COLUMNS], taken.map((id) => [id, `allocated ${id}`, null, null, null, null]));
    return taken;
  });
  expect(new Set(ids).size).toBe(3);
  const [next] = (await db.knex('copy_probe').insert({ label: 'after allocation' }).returning('id')) as Array<{ id: string }>;
  expect(Number(next!.id)).toBeGreaterThan(Math.max(...ids));
  expect(await db.knex('copy_probe').whereIn('id', ids).pluck('label')).toEqual(expect.arrayContaining(ids.map((id) => `allocated ${id}`)));
});
