import type { BackofficeArea } from './identity';

/**
 * The bulk imports of POST /api/v2/uploads/import besides readings (those have their own route): each kind is
 * a file of one catalogue record type, one row per record, columns named by the record's fields (the field
 * name or its label, any case: `firstName` or `First name`). Every row is checked by the same rules as a
 * record staff create on its screen; the rows that fail come back in the invalid rows file with the reason.
 */
export const RECORD_IMPORT_KINDS = ['TENANTS', 'CONTACTS', 'TARIFFS', 'SUPPLIER_CONTRACTS'] as const;
export type RecordImportKind = (typeof RECORD_IMPORT_KINDS)[number];

export interface RecordImportKindSpec {
  /** The catalogue resource each row creates. */
  resource: string;
  /** Who may import it: WRITE on the area of that resource. */
  area: BackofficeArea;
  label: string;
  /** Columns a file of this kind must have (the resource's required fields without a default). */
  example: string;
}

export const RECORD_IMPORT_SPECS: Readonly<Record<RecordImportKind, RecordImportKindSpec>> = {
  TENANTS: { resource: 'Tenant', area: 'customers', label: 'Tenants', example: 'email, first name, last name, phone, customer type' },
  CONTACTS: { resource: 'Contact', area: 'customers', label: 'Contacts', example: 'contact type, name, email, phone, agency' },
  TARIFFS: { resource: 'Tariff', area: 'tariffs', label: 'Tariffs', example: 'name, utility type, tariff type, billing type, region, valid from, unit rate, standing charge' },
  SUPPLIER_CONTRACTS: { resource: 'SupplierContract', area: 'properties', label: 'Supplier contracts', example: 'supplier, house, utility type, mpxn, start date, end date' },
};

export const isRecordImportKind = (value: unknown): value is RecordImportKind => (RECORD_IMPORT_KINDS as readonly unknown[]).includes(value);

/** Rows of one file: a large agency's tenants; bigger files are split. */
export const RECORD_IMPORT_MAX_ROWS = 20_000;

/** Specification §8, import errors: "invalid rows file" and the import's own (custom) message. */
export const RECORD_IMPORT_MESSAGES = {
  invalidRowsFile: 'Invalid rows file',
  kind: `Choose what the file holds: ${RECORD_IMPORT_KINDS.join(', ')}`,
  tooManyRows: `An import file has at most ${RECORD_IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows: split it`,
  empty: 'The file has no rows under its header',
  unknownColumns: (columns: readonly string[], known: readonly string[]) => `Unknown column${columns.length > 1 ? 's' : ''} ${columns.join(', ')}: the columns are ${known.join(', ')}`,
  missingColumns: (columns: readonly string[]) => `The file has no ${columns.join(', ')} column${columns.length > 1 ? 's' : ''}`,
  duplicateInFile: (line: number) => `The same record as row ${line}`,
  alreadyExists: 'This record already exists',
  /** A summary for people: the counts and, when some rows failed, where they are. */
  summary: (imported: number, rejected: number) =>
    `${imported.toLocaleString('en-GB')} imported, ${rejected.toLocaleString('en-GB')} rejected${rejected ? ': download the invalid rows file for the reason of each' : ''}`,
} as const;
