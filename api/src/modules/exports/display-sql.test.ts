import { CATALOGUE, formatDisplayDate, formatPounds, labelFor, LONDON_TIME_ZONE } from '../../rules';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { displayDateSql, displayDateTimeSql, enumLabelSql, poundsSql, sqlLiteral, yesNoSql } from './display-sql';

/* The export's SQL writes values exactly as the screens do, by the rules' own formatters, in PostgreSQL. */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

const one = async (sql: string): Promise<string | null> => ((await db.knex.raw(`SELECT ${sql} AS v`)).rows[0] as { v: string | null }).v;

it('writes pence as formatPounds does, pennies, thousands and debts included', async () => {
  for (const pence of [0, 5, 99, 100, 123456, -5, -123456, 100_000, 2_147_483_647]) {
    expect(await one(poundsSql(`${pence}::integer`))).toBe(formatPounds(pence));
  }
  expect(await one(poundsSql('NULL::integer'))).toBeNull();
});

it('writes dates DD/MM/YYYY and instants in London time, summer and winter, as the screens do', async () => {
  expect(await one(displayDateSql(`'2026-03-29'::date`))).toBe(formatDisplayDate('2026-03-29'));
  const screen = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: LONDON_TIME_ZONE });
  for (const instant of ['2026-01-15T23:30:00Z', '2026-07-01T23:30:00Z', '2026-10-25T00:59:00Z', '2026-10-25T01:00:00Z']) {
    expect(await one(displayDateTimeSql(`${sqlLiteral(instant)}::timestamptz`))).toBe(screen.format(new Date(instant)));
  }
});

it('writes every enum value of the catalogue by its label, and Yes/No for booleans', async () => {
  const sets = new Set(CATALOGUE.flatMap((spec) => Object.values(spec.fields).flatMap((field) => (field.kind === 'enum' && field.values ? [field.values] : []))));
  for (const values of sets) {
    const shown = (await db.knex.raw(`SELECT ${enumLabelSql('v', values)} AS label FROM unnest(?::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n`, [[...values]])).rows.map((row: { label: string }) => row.label);
    expect(shown).toEqual(values.map((value) => labelFor(value, values)));
  }
  expect([await one(yesNoSql('true')), await one(yesNoSql('false')), await one(yesNoSql('NULL::boolean'))]).toEqual(['Yes', 'No', null]);
});
