import type { BackofficeArea, PermissionKey } from '../identity';
import type { RuleResult } from '../validation/common';

/**
 * The catalogue describes every back-office record type once: its fields, value sets, references, which
 * area's permission guards it and how it may change. The API builds its GraphQL types, list filters and
 * input checks from it and the back office builds its screens from it, so a field is named, typed and
 * validated the same way everywhere (the metadata-driven shape of twentyhq/twenty). Pure data: no Node
 * or browser imports.
 */

export type FieldKind =
  | 'string' // short text (up to 255)
  | 'text' // long text
  | 'int'
  | 'decimal' // exact decimal (unit rates in pence per kWh with up to 4 places, readings, percentages)
  | 'money' // integer pence; the back office shows £
  | 'date' // calendar date 'YYYY-MM-DD' (Europe/London)
  | 'datetime' // instant, ISO 8601 UTC
  | 'boolean'
  | 'enum'
  | 'ref' // the id of another resource of the catalogue
  | 'json';

export interface FieldSpec {
  kind: FieldKind;
  /** The value set of an enum field (one of the arrays of `enums` / `value-sets`). */
  values?: readonly string[];
  /** The resource a `ref` field points at. */
  ref?: string;
  /** Must be given on create (and may not be cleared on update). */
  required?: boolean;
  /** Set by the system (ids, timestamps, derived totals): shown, never written through the API. */
  readOnly?: boolean;
  /** May be given on create but never changed afterwards (e.g. the house of a house contract). */
  createOnly?: boolean;
  /** Offered as a list filter: equality (and `_in`), or `range` for `_gte`/`_lte` on dates and numbers. */
  filter?: 'eq' | 'range';
  /** The list may be sorted by it (there is an index behind every sortable field of a large list). */
  sort?: boolean;
  /** Shown as a column of the list screen. */
  list?: boolean;
  /** SQL column when it is not the snake_case of the field name. */
  column?: string;
  /** Field-level rules of specification §5, run on create and update in the browser and on the server. */
  rules?: ReadonlyArray<(value: unknown) => RuleResult>;
  /** The stored form of an accepted value (UK mobiles as +447…, postcodes upper-case with one space). */
  normalise?: (value: string) => string | null;
  /** Longest accepted text (strings default to 255, long texts to 20,000); the schema test holds it to the column's. */
  maxLength?: number;
  /** Largest accepted value of a number (money: the field's ceiling in pence, with `maxMessage`). */
  max?: number;
  /** Smallest accepted value of a number (numbers default to the negative of their maximum). */
  min?: number;
  /** The message when `max` is passed (money ceilings name the amount, e.g. "Amount must be at most £10,000"). */
  maxMessage?: string;
  /** A higher ceiling for users who hold a named permission (an additional transaction above £5,000). */
  maxWithKey?: { key: PermissionKey; max: number; maxMessage: string };
  /** Digits and decimal places of a decimal's NUMERIC(p, s) column (default 12, 4); checked against the schema. */
  precision?: { digits: number; scale: number };
  /** Default value on create when the input leaves it out. */
  defaultValue?: string | number | boolean;
  /** Help text shown under the input. */
  help?: string;
}

/** The back-office menu groups, in menu order. */
export const MENU_GROUPS = [
  'Customers',
  'Properties and contracts',
  'Pricing',
  'Billing',
  'Payments',
  'Credit control',
  'Operations',
  'Finance',
  'Settings',
  'System',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface ResourceSpec {
  /** GraphQL type and react-admin resource name (singular, PascalCase). */
  name: string;
  /** Plural used in `allX` / `_allXMeta` (defaults to name + 's'). */
  plural?: string;
  /** Label in the menu and titles. */
  label: string;
  table: string;
  area: BackofficeArea;
  /**
   * Other areas whose READ also opens this resource read-only: the houses a field desk visits or reads meters
   * in are named on its visits and readings, so it must be able to read them (a partner's are its own only).
   */
  readAlsoWith?: readonly BackofficeArea[];
  /** Rows of every group that cannot be told apart by group (logs): only staff who work for every group read them. */
  headOfficeOnly?: boolean;
  /** A named permission writes need beyond the area's WRITE. */
  writeKey?: PermissionKey;
  /** A named permission deleting needs (e.g. DELETE_METER). */
  deleteKey?: PermissionKey;
  menu: MenuGroup;
  fields: Readonly<Record<string, FieldSpec>>;
  /** Fields the free-text `q` filter searches. */
  search: readonly string[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** How a record is named in references: a field, or a template like `${firstName} ${lastName}`. */
  representation: string;
  /** Staff create and edit it in the back office (false: written by the product's own workflows). */
  create: boolean;
  update: boolean;
  /**
   * `hard`: staff may delete it. `never`: it is a financial or historical record; it is voided, reversed
   * or closed instead, and the API has no delete for it.
   */
  delete: 'hard' | 'never';
  /** Once issued, a financial record is never edited: updates are refused while `field` is one of `values`. */
  lockedWhen?: { field: string; values: readonly string[] };
  /** Rows carry `group_id` and the API shows and writes only the X-Group-ID group's rows. */
  groupScoped: boolean;
  /**
   * Lists with millions of rows: counts stop at this many and pages beyond it are refused, so no list call
   * scans the whole table (the screen asks for narrower filters instead).
   */
  countLimit?: number;
  /**
   * Column values that select this resource's rows of a shared table (users by role). A create gets the
   * first value unless the input names one of the others.
   */
  rowFilter?: Readonly<Record<string, readonly string[]>>;
  /**
   * A busy list's status tabs (react-admin demo's Orders list): "All", then a tab per value of `field` (an enum
   * equality filter), or per `values` when staff work through only some of them, each named by the value's
   * label; choosing one filters the list on it. The field's own filter input gives way to the tabs.
   */
  tabs?: { field: string; values?: readonly string[] };
  /** Staff may save the list's current filter under a name and pick it again (react-admin's saved queries). */
  savedFilters?: boolean;
  /** The record's page shows these related lists: resource → field pointing back at this record. */
  related?: ReadonlyArray<{ resource: string; target: string }>;
}

/** `allX` / `_allXMeta` use the plural. */
export const pluralOf = (spec: Pick<ResourceSpec, 'name' | 'plural'>): string => spec.plural ?? `${spec.name}s`;

/** snake_case column for a camelCase field. */
export const columnOf = (name: string, field: FieldSpec): string =>
  field.column ?? name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The `id`, `createdAt` and `updatedAt` fields every resource has. */
export const SYSTEM_FIELDS = {
  id: { kind: 'int', readOnly: true, sort: true, list: true },
  createdAt: { kind: 'datetime', readOnly: true, sort: true, filter: 'range' },
  updatedAt: { kind: 'datetime', readOnly: true },
} as const satisfies Record<string, FieldSpec>;

/** Bounds of every input before it reaches SQL (the schema test holds them to the columns). */
export const INPUT_BOUNDS = {
  /** PostgreSQL `integer`: ids, counts, money in pence. */
  int: 2_147_483_647,
  stringLength: 255,
  textLength: 20_000,
  decimal: { digits: 12, scale: 4 },
} as const;

/** Longest text a string or text field accepts. */
export const maxLengthOf = (field: FieldSpec): number =>
  field.maxLength ?? (field.kind === 'text' ? INPUT_BOUNDS.textLength : INPUT_BOUNDS.stringLength);

/** Digits and places a decimal field accepts. */
export const precisionOf = (field: FieldSpec): { digits: number; scale: number } => field.precision ?? INPUT_BOUNDS.decimal;

/** A money field's ceiling in whole pounds, with the message naming it ("Must be at most £10,000.00"). */
export function moneyCeiling(pounds: number): { max: number; maxMessage: string } {
  const shown = pounds.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return { max: pounds * 100, maxMessage: `Must be at most £${shown}` };
}

/** Ceilings of the money records (specification: no single payment, refund or top-up above £10,000). */
export const MONEY_CEILINGS = {
  payment: moneyCeiling(10_000),
  /** An additional transaction (a manual ledger debit or credit)... */
  additionalTransaction: moneyCeiling(5_000),
  /** ...and one by staff with the LARGE_ADDITIONAL_TRANSACTION permission. */
  largeAdditionalTransaction: moneyCeiling(50_000),
  /** The Energy Bills Support Scheme paid £400 a household in all. */
  rebate: moneyCeiling(400),
  /** The yearly value of a sales deal with an agency (a portfolio of houses). */
  deal: moneyCeiling(1_000_000),
  /** Any other amount (prices, rewards, commissions). */
  other: moneyCeiling(10_000),
} as const;

/** The resource as a user holding these permission keys may write it: a field's higher ceiling for a key held replaces its usual one. */
export function withPermittedCeilings(spec: ResourceSpec, keys: readonly PermissionKey[]): ResourceSpec {
  const lifted = Object.entries(spec.fields).filter(([, field]) => field.maxWithKey && keys.includes(field.maxWithKey.key));
  if (!lifted.length) return spec;
  const fields = { ...spec.fields };
  for (const [name, field] of lifted) fields[name] = { ...field, max: field.maxWithKey!.max, maxMessage: field.maxWithKey!.maxMessage };
  return { ...spec, fields };
}
