import { columnOf, type FieldSpec, type ResourceSpec } from '../../rules';
import type { ListSpec } from '../../graphql/list-query';
import type { RecordValues } from './record-rules';

type Row = Record<string, unknown>;

type FieldColumn = [name: string, field: FieldSpec, column: string];

/*
 * Worked out once per resource: toRecord() used to rebuild this list (and its snake_case regex) for every
 * row of every list, ~10% of the API's CPU on a 100-row list under load (bench api, --cpu-prof).
 */
const columnsBySpec = new WeakMap<ResourceSpec, readonly FieldColumn[]>();
const listSpecs = new WeakMap<ResourceSpec, ListSpec>();

/** How many times a resource's columns were worked out (tests check it is once per resource, not per row). */
export const mappingBuilds = { count: 0 };

/** The catalogue fields of a resource with their SQL columns. */
export function fieldColumns(spec: ResourceSpec): readonly FieldColumn[] {
  let columns = columnsBySpec.get(spec);
  if (!columns) {
    mappingBuilds.count += 1;
    columns = Object.entries(spec.fields).map(([name, field]): FieldColumn => [name, field, columnOf(name, field)]);
    columnsBySpec.set(spec, columns);
  }
  return columns;
}

/** A database row as the API shows it: camelCase names, ISO instants, numbers for decimals. */
export function toRecord(spec: ResourceSpec, row: Row): RecordValues {
  const record: RecordValues = {};
  for (const [name, field, column] of fieldColumns(spec)) {
    const value = row[column];
    if (value === null || value === undefined) record[name] = null;
    else if (field.kind === 'datetime') record[name] = value instanceof Date ? value.toISOString() : value;
    else if (field.kind === 'decimal') record[name] = Number(value);
    else if (field.kind === 'json') record[name] = value;
    else record[name] = value;
  }
  return record;
}

/** API values → columns, for the fields present in `values`. */
export function toRow(spec: ResourceSpec, values: RecordValues): Row {
  const row: Row = {};
  for (const [name, field, column] of fieldColumns(spec)) {
    if (!(name in values)) continue;
    const value = values[name];
    row[column] = field.kind === 'json' && value !== null && value !== undefined ? JSON.stringify(value) : value;
  }
  return row;
}

/** What the list grammar may filter and sort on, and what `q` searches (worked out once per resource). */
export function listSpecOf(spec: ResourceSpec): ListSpec {
  const known = listSpecs.get(spec);
  if (known) return known;
  const built = buildListSpec(spec);
  listSpecs.set(spec, built);
  return built;
}

function buildListSpec(spec: ResourceSpec): ListSpec {
  const columns: Record<string, string> = {};
  const fields: Record<string, FieldSpec> = {};
  for (const [name, field, column] of fieldColumns(spec)) {
    if (name === 'id' || field.filter || field.sort || field.kind === 'ref') {
      columns[name] = `${spec.table}.${column}`;
      fields[name] = field;
    }
  }
  return {
    columns,
    fields,
    searchColumns: spec.search.map((name) => `${spec.table}.${columnOf(name, spec.fields[name]!)}`),
    defaultSort: spec.defaultSort,
  };
}

/** The name a reference shows, from the catalogue's representation (`name` or a `${first} ${last}` template). */
export function represent(spec: ResourceSpec, record: RecordValues): string {
  if (!spec.representation.includes('${')) return String(record[spec.representation] ?? `#${String(record.id)}`);
  return spec.representation.replace(/\$\{(\w+)\}/g, (_all, name: string) => String(record[name] ?? ''));
}
