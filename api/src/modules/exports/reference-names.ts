import { columnOf, findResourceSpec, hasAreaLevel, type BackofficeArea, type FieldSpec, type ResourceSpec, type UserPermissions } from '../../rules';
import { partnerCanSee } from '../records/record-scope';
import { displaySql, sqlLiteral } from './display-sql';
import type { ExportJoin } from './export-columns';

/** What naming a reference needs of the record type it points at: its table, its representation and fields, who reads it. */
type Named = Pick<ResourceSpec, 'table' | 'representation' | 'fields' | 'area'> & Partial<Pick<ResourceSpec, 'readAlsoWith' | 'headOfficeOnly'>>;

/** References to records outside the catalogue: the member of staff who started a bill run, wrote a comment. */
const OUTSIDE_CATALOGUE: Readonly<Record<string, Named>> = {
  BackofficeUser: {
    table: 'users',
    representation: '${firstName} ${lastName}',
    fields: { firstName: { kind: 'string' }, lastName: { kind: 'string' } },
    area: 'usersAndRoles',
  },
};

const namedSpec = (ref: string): Named | undefined => findResourceSpec(ref) ?? OUTSIDE_CATALOGUE[ref];

const PLACEHOLDER = /\$\{(\w+)\}/g;
const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Who an export is for: the names it may carry are those of records this user could open from the list. */
export interface ExportReader {
  role: string;
  partnerId: number | null;
  permissions: UserPermissions | null;
}

/**
 * Whether the export's owner may read the records a reference points at, by the same rule as the list's
 * reference links: READ on their area (or one they are read with), nothing of every group's logs, and for a
 * partner only the record types partners see (their own houses and meters). Otherwise the id alone is written.
 */
export function mayName(reader: ExportReader, ref: string): boolean {
  const spec = namedSpec(ref);
  if (!spec || spec.headOfficeOnly) return false;
  const areas: BackofficeArea[] = [spec.area, ...(spec.readAlsoWith ?? [])];
  if (!areas.some((area) => hasAreaLevel(reader.permissions, area, 'READ'))) return false;
  return reader.role !== 'partner' || partnerCanSee(spec as ResourceSpec);
}

/**
 * The name of the record a reference column points at, as the list's reference link shows it (the target's
 * representation: "12 Hyde Park Road, LS6 1AA", "HC-12", "Amelia Hughes"), in SQL. A name made of the id alone
 * ("HC-${id}") is written from the reference itself; any other is read from the target's row through a LEFT
 * JOIN (a hash join over the whole export, far cheaper than a lookup per row). NULL when the reference is.
 */
export function referenceNameSql(field: string, definition: FieldSpec, table: string, column: string): { sql: string; join?: ExportJoin } | undefined {
  const reference = `${quoteIdentifier(table)}.${quoteIdentifier(column)}`;
  const target = definition.ref ? namedSpec(definition.ref) : undefined;
  if (!target) return undefined;
  const template = target.representation.includes('${') ? target.representation : `\${${target.representation}}`;
  const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  const parts = (value: (name: string) => string) =>
    template
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 0 ? (part ? sqlLiteral(part) : '') : `coalesce(${value(part)}, '')`))
      .filter(Boolean);
  if (names.every((name) => name === 'id')) {
    return { sql: `CASE WHEN ${reference} IS NULL THEN NULL ELSE btrim(concat(${parts(() => `(${reference})::text`).join(', ')})) END` };
  }
  const alias = `ref_${field}`;
  const shown = (name: string) => {
    const spec: FieldSpec | undefined = target.fields[name] ?? (name === 'id' ? { kind: 'int' } : undefined);
    if (!spec) throw new Error(`The representation of ${definition.ref} names an unknown field ${name}`);
    return displaySql(spec.kind, `${quoteIdentifier(alias)}.${quoteIdentifier(columnOf(name, spec))}`, spec.values);
  };
  const found = `${quoteIdentifier(alias)}."id"`;
  return {
    sql: `CASE WHEN ${found} IS NULL THEN NULL ELSE btrim(concat(${parts(shown).join(', ')})) END`,
    join: { table: target.table, alias, on: `${table}.${column}` },
  };
}
