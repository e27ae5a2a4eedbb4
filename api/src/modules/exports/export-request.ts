import type { Knex } from '@app/db';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { findResourceSpec, type ResourceSpec } from '../../rules';
import { requireGroup } from '../records/record-scope';
import type { ExportFormat } from './export-files';
import { exportQuery, type ExportSelection } from './export-query';

/** What POST /exports/{csv,xlsx,archives} accepts. */
export interface ExportInput {
  fileName?: unknown;
  resource?: unknown;
  filter?: unknown;
  sortField?: unknown;
  sortOrder?: unknown;
  /** Optional: the list's visible columns (default every field of the resource). */
  fields?: unknown;
}

export interface ValidExport extends ExportSelection {
  format: ExportFormat;
  fileName: string;
  fields: string[] | null;
}

const EXTENSIONS: Record<ExportFormat, string> = { csv: '.csv', xlsx: '.xlsx', zip: '.zip' };
// Path separators, characters Windows refuses in names, control characters; and no leading dot.
// eslint-disable-next-line no-control-regex
const BAD_FILE_NAME = /[/\\:*?"<>|\u0000-\u001f\u007f]|^\.|\.\./;

/** "Readings May.csv" stays; "Readings May" gets the format's extension; path characters are refused. */
export function checkFileName(value: unknown, format: ExportFormat): { fileName: string | null; error: FieldError | null } {
  if (typeof value !== 'string' || !value.trim()) return { fileName: null, error: { field: 'fileName', rule: 'required', message: 'Enter a file name' } };
  const name = value.trim();
  if (name.length > 100) return { fileName: null, error: { field: 'fileName', rule: 'maxLength', message: 'Use at most 100 characters' } };
  if (BAD_FILE_NAME.test(name)) {
    return { fileName: null, error: { field: 'fileName', rule: 'fileName', message: 'A file name cannot contain / \\ : * ? " < > |, "..", control characters or start with a dot' } };
  }
  const extension = EXTENSIONS[format];
  return { fileName: name.toLowerCase().endsWith(extension) ? name : `${name}${extension}`, error: null };
}

const scalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function checkFilter(value: unknown, errors: FieldError[]): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    errors.push({ field: 'filter', rule: 'type', message: 'The filter is an object of field → value, as the list sends it' });
    return {};
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (!(scalar(item) || (Array.isArray(item) && item.every(scalar)))) {
      errors.push({ field: `filter.${key}`, rule: 'type', message: 'A filter value is a text, number, boolean or a list of them' });
    }
  }
  return value as Record<string, unknown>;
}

function checkFields(spec: ResourceSpec | undefined, value: unknown, errors: FieldError[]): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.length || !value.every((name) => typeof name === 'string')) {
    errors.push({ field: 'fields', rule: 'type', message: 'fields is a non-empty list of field names' });
    return null;
  }
  const unknown = spec ? value.filter((name) => !(name in spec.fields)) : [];
  if (unknown.length) errors.push({ field: 'fields', rule: 'oneOf', message: `unknown field(s) ${unknown.join(', ')}; use ${Object.keys(spec!.fields).join(', ')}` });
  return value as string[];
}

/**
 * Checks an export request as far as possible before anything is queued: file name, resource, filter
 * fields and value types, sort, group, and that PostgreSQL accepts the filter's values (a date filter of
 * "last week" is refused now, not an hour later in the job). Each problem names its field.
 */
export async function checkExportRequest(db: Knex, input: ExportInput, format: ExportFormat, groupId: number | null, partnerId: number | null): Promise<ValidExport & { spec: ResourceSpec }> {
  const errors: FieldError[] = [];
  const { fileName, error } = checkFileName(input.fileName, format);
  if (error) errors.push(error);
  const spec = typeof input.resource === 'string' ? findResourceSpec(input.resource) : undefined;
  if (!spec) errors.push({ field: 'resource', rule: 'oneOf', message: typeof input.resource === 'string' && input.resource ? `No list "${input.resource}"` : 'Name the list to export' });
  const filter = checkFilter(input.filter, errors);
  const fields = checkFields(spec, input.fields, errors);
  for (const name of ['sortField', 'sortOrder'] as const) {
    if (input[name] !== undefined && input[name] !== null && typeof input[name] !== 'string') errors.push({ field: name, rule: 'type', message: 'must be text' });
  }
  if (errors.length) throw DomainError.invalid(errors);
  if (spec!.groupScoped) requireGroup(spec!, groupId);
  const selection: ExportSelection = {
    spec: spec!,
    groupId: spec!.groupScoped ? groupId : null,
    partnerId,
    filter,
    sortField: (input.sortField as string | undefined) ?? null,
    sortOrder: (input.sortOrder as string | undefined) ?? null,
  };
  // The list's own checks: unknown filter or sort fields, bad sort order (DomainError naming the field).
  const probe = exportQuery(db, selection).clear('order').clearSelect().select(db.raw('1')).limit(1);
  try {
    await probe;
  } catch (problem) {
    const code = (problem as { code?: string }).code ?? '';
    // Class 22 (data exception): a value PostgreSQL cannot read as the column's type.
    if (code.startsWith('22')) throw DomainError.invalid([{ field: 'filter', rule: 'type', message: `A filter value does not fit its field: ${(problem as Error).message.split(' - ').pop()}` }]);
    throw problem;
  }
  return { ...selection, spec: spec!, format, fileName: fileName!, fields };
}
