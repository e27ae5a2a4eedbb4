import { CATALOGUE, columnOf, maxLengthOf, precisionOf } from '../../rules';
import { createTestDatabase, type TestDatabase } from '../../testing';

/*
 * The catalogue and the migrations describe the same tables: every field has its column, every enumeration
 * is checked by the database with exactly the catalogue's values, group-scoped tables carry group_id.
 */

let db: TestDatabase;
let columns: Map<string, Set<string>>;
let checks: Array<{ table: string; definition: string }>;
interface ColumnType {
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
}
let types: Map<string, ColumnType>;

beforeAll(async () => {
  db = await createTestDatabase();
  const rows: Array<{ table_name: string; column_name: string } & ColumnType> = await db
    .knex('information_schema.columns')
    .where({ table_schema: 'public' })
    .select('table_name', 'column_name', 'data_type', 'character_maximum_length', 'numeric_precision', 'numeric_scale');
  columns = new Map();
  types = new Map();
  for (const row of rows) {
    columns.set(row.table_name, (columns.get(row.table_name) ?? new Set()).add(row.column_name));
    types.set(`${row.table_name}.${row.column_name}`, row);
  }
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

  // Every input is bounded before SQL: text no longer than its column, decimals within NUMERIC(p, s),
  // whole numbers (ids, pence) within the column's integer type.
  it('bounds every writable field within its column', () => {
    const misfits: string[] = [];
    for (const [name, field] of Object.entries(spec.fields)) {
      if (field.readOnly) continue;
      const type = types.get(`${spec.table}.${columnOf(name, field)}`)!;
      // A normalised field may be typed longer than it is stored ("12-34-56" is stored as 123456).
      const stored = field.normalise ? -Infinity : maxLengthOf(field);
      if ((field.kind === 'string' || field.kind === 'text') && type.character_maximum_length !== null && stored > type.character_maximum_length) {
        misfits.push(`${name}: maxLength ${maxLengthOf(field)} > ${type.data_type}(${type.character_maximum_length})`);
      }
      if (field.kind === 'decimal' && type.data_type === 'numeric' && type.numeric_precision !== null) {
        const { digits, scale } = precisionOf(field);
        if (digits - scale > type.numeric_precision - (type.numeric_scale ?? 0) || scale > (type.numeric_scale ?? 0)) {
          misfits.push(`${name}: precision (${digits}, ${scale}) exceeds numeric(${type.numeric_precision}, ${type.numeric_scale})`);
        }
      }
      if ((field.kind === 'int' || field.kind === 'money' || field.kind === 'ref') && !['integer', 'bigint'].includes(type.data_type)) {
        misfits.push(`${name}: ${field.kind} over ${type.data_type}`);
      }
    }
    expect(misfits).toEqual([]);
  });
});
