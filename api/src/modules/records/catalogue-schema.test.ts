import { CATALOGUE, columnOf } from '../../rules';
import { createTestDatabase, type TestDatabase } from '../../testing';

/*
 * The catalogue and the migrations describe the same tables: every field has its column, every enumeration
 * is checked by the database with exactly the catalogue's values, group-scoped tables carry group_id.
 */

let db: TestDatabase;
let columns: Map<string, Set<string>>;
let checks: Array<{ table: string; definition: string }>;

beforeAll(async () => {
  db = await createTestDatabase();
  const rows: Array<{ table_name: string; column_name: string }> = await db.knex('information_schema.columns').where({ table_schema: 'public' }).select('table_name', 'column_name');
  columns = new Map();
  for (const row of rows) columns.set(row.table_name, (columns.get(row.table_name) ?? new Set()).add(row.column_name));
  const result = await db.knex.raw(`SELECT conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE contype = 'c'`);
  checks = result.rows;
});
afterAll(() => db.drop());

/** The values of `column = ANY (ARRAY['a'::text, …])` checks (how knex writes enumerations). */
function checkedValues(table: string, column: string): string[] | null {
  const check = checks.find((candidate) => candidate.table === table && new RegExp(`^CHECK \\(\\(+"?${column}"?\\)?(::text)? = (ANY|')`).test(candidate.definition));
  if (!check) return null;
  return [...check.definition.matchAll(/'([^']*)'::/g)].map((match) => match[1]!);
}

describe.each(CATALOGUE.map((spec) => [spec.name, spec] as const))('%s', (_name, spec) => {
  it('has a column for every field, and group_id when group-scoped', () => {
    const table = columns.get(spec.table);
    expect(table).toBeDefined();
    const missing = Object.entries(spec.fields).map(([name, field]) => columnOf(name, field)).filter((column) => !table!.has(column));
    expect(missing).toEqual([]);
    if (spec.groupScoped) expect(table!.has('group_id')).toBe(true);
  });

  it('has the database check each enumeration with the same values', () => {
    for (const [name, field] of Object.entries(spec.fields)) {
      if (field.kind !== 'enum') continue;
      const checked = checkedValues(spec.table, columnOf(name, field));
      // A resource over part of a shared table (tenants among users) offers a subset of the column's values.
      const offered = spec.rowFilter ? checked?.filter((value) => field.values!.includes(value)) : checked;
      expect({ field: name, values: offered?.sort() }).toEqual({ field: name, values: [...field.values!].sort() });
    }
  });
});
