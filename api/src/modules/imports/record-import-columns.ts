import type { Knex } from '@app/db';
import { fieldLabel, findResourceSpec, importDate, labelFor, RECORD_IMPORT_MESSAGES as M, type FieldSpec, type ResourceSpec } from '../../rules';
import { scopedQuery, type RecordScope } from '../records/record-scope';

/** Each column of the file as the field it fills (null for none), and what is wrong with the header. */
export interface ColumnMapping {
  fields: Array<string | null>;
  problem: string | null;
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The fields a file may fill: what staff may write on the record's create form. */
export const writableFields = (spec: ResourceSpec): Array<[string, FieldSpec]> => Object.entries(spec.fields).filter(([, field]) => !field.readOnly);

/**
 * Columns by header, as people write them: the field's name or its label in any case and spacing ("firstName",
 * "First name", "first_name"), and a reference without its "Id" ("supplier" for supplierId). An unknown column or
 * a missing required one is the file's problem, said once in words, before any row is read.
 */
export function mapColumns(spec: ResourceSpec, header: readonly string[]): ColumnMapping {
  const writable = writableFields(spec);
  const byName = new Map<string, string>();
  for (const [name] of writable) for (const alias of [name, fieldLabel(name), name.replace(/Id$/, '')]) byName.set(squash(alias), name);
  const fields = header.map((column) => byName.get(squash(column)) ?? null);
  const unknown = header.filter((column, index) => fields[index] === null && column.trim() !== '');
  const known = writable.map(([name]) => fieldLabel(name).toLowerCase());
  if (unknown.length) return { fields, problem: M.unknownColumns(unknown, known) };
  const missing = writable.filter(([name, field]) => field.required && field.defaultValue === undefined && !fields.includes(name)).map(([name]) => fieldLabel(name).toLowerCase());
  return { fields, problem: missing.length ? M.missingColumns(missing) : null };
}

/** "Agencies" → "agency", "Suppliers" → "supplier": a record type's label for one of them. */
const oneOf = (label: string): string => label.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');

/** A reference written as an id, or as the name of a record whose representation is one field (a supplier, an agency). */
async function referenceOf(db: Knex, field: FieldSpec, text: string, scope: RecordScope, cache: Map<string, unknown>): Promise<unknown> {
  if (/^\d+$/.test(text)) return Number(text);
  const target = findResourceSpec(field.ref ?? '');
  if (!target || !(target.representation in target.fields)) return new CellError(`Give the number of the ${target ? oneOf(target.label) : 'record'}`);
  const key = `${target.name}:${text.toLowerCase()}`;
  if (!cache.has(key)) {
    const column = target.representation.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    const rows: Array<{ id: number }> = await scopedQuery(db, target, scope)
      .whereRaw(`lower(${target.table}.${column}) = ?`, [text.toLowerCase()])
      .limit(2)
      .select(`${target.table}.id`);
    const single = oneOf(target.label);
    cache.set(key, rows.length === 1 ? rows[0]!.id : new CellError(rows.length ? `More than one ${single} is named ${text}: give its number` : `No ${single} is named ${text}`));
  }
  return cache.get(key);
}

/** A cell that names nothing the file could mean (an unknown or ambiguous name): its row is refused with this. */
export class CellError {
  constructor(readonly message: string) {}
}

/**
 * One row's cells as the input of the record's create: numbers as numbers, yes/no as booleans, dates as
 * YYYY-MM-DD (DD/MM/YYYY accepted), values of a value set by their stored value or their label, references by
 * id or name. Anything else that does not convert is passed as written, so the create's own checks name the
 * field; a name that finds no record, or several, is an error of its field here.
 */
export async function rowInput(db: Knex, spec: ResourceSpec, mapping: ColumnMapping, cells: readonly string[], scope: RecordScope, cache: Map<string, unknown>): Promise<{ input: Record<string, unknown>; errors: Array<{ field: string; message: string }> }> {
  const input: Record<string, unknown> = {};
  const errors: Array<{ field: string; message: string }> = [];
  for (const [index, name] of mapping.fields.entries()) {
    if (!name) continue;
    const field = spec.fields[name]!;
    const text = (cells[index] ?? '').trim();
    if (text === '') continue;
    const value = await cellValue(db, field, text, scope, cache);
    if (value instanceof CellError) errors.push({ field: name, message: value.message });
    else input[name] = value;
  }
  return { input, errors };
}

async function cellValue(db: Knex, field: FieldSpec, text: string, scope: RecordScope, cache: Map<string, unknown>): Promise<unknown> {
  switch (field.kind) {
    case 'int':
    case 'money':
    case 'decimal': {
      const number = Number(text.replace(/,/g, ''));
      return text !== '' && Number.isFinite(number) ? number : text;
    }
    case 'boolean': {
      const lower = text.toLowerCase();
      return ['yes', 'y', 'true', '1'].includes(lower) ? true : ['no', 'n', 'false', '0'].includes(lower) ? false : text;
    }
    case 'date':
      return importDate(text) ?? text;
    case 'enum': {
      const values = field.values ?? [];
      return values.find((value) => value.toLowerCase() === text.toLowerCase() || labelFor(value, values).toLowerCase() === text.toLowerCase()) ?? text;
    }
    case 'ref':
      return referenceOf(db, field, text, scope, cache);
    default:
      return text;
  }
}
