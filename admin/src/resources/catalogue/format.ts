import { formatDisplayDate, labelFor, LONDON_TIME_ZONE, type FieldSpec, type ResourceSpec } from '@app/api/rules';

/** Display formats of the specification §9: en-GB, dates DD/MM/YYYY, money in pounds. */

const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: LONDON_TIME_ZONE });
const ISO_DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})/;

/** Integer pence → "£1,234.56". */
export function formatMoney(pence: unknown): string {
  if (pence === null || pence === undefined || pence === '') return '';
  const number = Number(pence);
  return Number.isFinite(number) ? POUNDS.format(number / 100) : String(pence);
}

/** 'YYYY-MM-DD' (or an ISO timestamp's date part) → "DD/MM/YYYY". */
export function formatDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const match = ISO_DATE_PREFIX.exec(String(value));
  return match?.[1] ? formatDisplayDate(match[1]) : String(value);
}

/** An instant → "21/11/2026, 14:05" in London time. */
export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : DATE_TIME.format(date);
}

/** A field's value as plain text (titles, representations, chips). */
export function formatValue(field: FieldSpec | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (field?.kind) {
    case 'money':
      return formatMoney(value);
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'enum':
      return labelFor(String(value), field.values);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return String(value);
  }
}

/**
 * How a record is named in references and titles: the representation field, or the template with each
 * `${field}` replaced by that field's formatted value ("HC-12", "Electricity #3", "Amelia Hughes").
 */
export function representationOf(spec: ResourceSpec): (record: Record<string, unknown>) => string {
  const template = spec.representation;
  if (!template.includes('${')) return (record) => formatValue(spec.fields[template], record?.[template]);
  return (record) => template.replace(/\$\{(\w+)\}/g, (_, name: string) => formatValue(spec.fields[name], record?.[name])).trim();
}
