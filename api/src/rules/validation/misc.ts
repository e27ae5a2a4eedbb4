/** Smaller rules of the specification §5 that belong to no single entity. */
import { addMonths, isCalendarDate, isLeapYear } from './calendar';
import { INVALID_DATE, isBlank, type RuleResult } from './common';

export const MISC_MESSAGES = {
  hexColour: 'Enter a colour as #xxx or #xxxxxx',
  companyNumbers: 'Company numbers must match',
  /** Spec §8 "batch limit exceeded". */
  batchLimit: 'Batch limit exceeded: at most 1000 items at once',
  /** Spec §8, exactly. */
  scheduleDeletion: 'Cannot delete more than 100 schedules.',
  smsBasicTooLong: 'Text message cannot be longer than 1600 characters',
  smsUnicodeTooLong: 'Text message cannot be longer than 737 characters when it uses characters outside the basic GSM set',
  tariffName: 'Tariff name must follow the pattern brand_year_month_area_electric|gas_plan|bill, e.g. brand_2026_04_london_electric_plan',
  /** Spec §8 "duplicate tariff name", reported by the data layer (unique index). */
  tariffNameExists: 'Tariff name already exists',
  tariffAssignedTwice: 'This tariff is already assigned for this period',
  promoLooksLikeTenantId: 'A tenant ID cannot be used as a promo code',
  minimumAge: 'You must be at least 18 years old',
  commentFrozen: 'A comment tied to a freeze cannot be deleted until the contract is unfrozen',
} as const;

export const BATCH_LIMIT = 1000;
export const SCHEDULE_DELETION_LIMIT = 100;
export const SMS_BASIC_LIMIT = 1600;
export const SMS_UNICODE_LIMIT = 737;
export const MINIMUM_AGE = 18;

/** "#abc" or "#a1b2c3", any case. */
export function hexColour(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(String(value).trim()) ? null : MISC_MESSAGES.hexColour;
}

/** Dotted decimal, four numbers 0–255 without leading zeros ("010.0.0.1" is refused: octal in some parsers). */
export function isIPv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => /^(?:0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
}

/**
 * RFC 4291 text form: eight groups of 1–4 hex digits, one "::" standing for one or more zero groups, and an
 * optional dotted IPv4 tail counting as two groups ("::ffff:192.0.2.1"). No zone index ("%eth0").
 */
export function isIPv6(text: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(text)) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string): string[] => (half === '' ? [] : half.split(':'));
  const all = [...groupsOf(halves[0]!), ...(halves.length === 2 ? groupsOf(halves[1]!) : [])];
  let count = 0;
  for (const [index, group] of all.entries()) {
    if (group.includes('.')) {
      if (index !== all.length - 1 || !isIPv4(group)) return false;
      count += 2;
    } else if (/^[0-9a-f]{1,4}$/i.test(group)) {
      count += 1;
    } else {
      return false;
    }
  }
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** One IPv4 or IPv6 address, optionally with a CIDR prefix length (/0–32, /0–128). */
export function isIpOrCidr(text: string): boolean {
  const [address, prefix, extra] = text.split('/');
  if (extra !== undefined || address === undefined) return false;
  const v4 = isIPv4(address);
  if (!v4 && !isIPv6(address)) return false;
  if (prefix === undefined) return true;
  return /^(?:0|[1-9]\d{0,2})$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

/** A list of IP addresses or CIDR ranges separated by commas and/or whitespace. Names the first bad entry. */
export function ipOrCidrList(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  const entries = String(value)
    .split(/[\s,]+/)
    .filter(Boolean);
  if (entries.length === 0) return 'Enter at least one IP address or CIDR range';
  const bad = entries.find((entry) => !isIpOrCidr(entry));
  return bad === undefined ? null : `Invalid IP address or CIDR range: ${bad}`;
}

/** At least one of `fields` of `values` is filled in (not empty, blank or an empty list). */
export function atLeastOneOf({ values, fields }: { values: Readonly<Record<string, unknown>>; fields: readonly string[] }): RuleResult {
  return fields.some((field) => !isBlank(values[field])) ? null : `Fill in at least one of: ${fields.join(', ')}`;
}

/** Both company number entries are equal once trimmed (passes while either is empty). */
export function companyNumbersMatch({ first, second }: { first: unknown; second: unknown }): RuleResult {
  if (isBlank(first) || isBlank(second)) return null;
  return String(first).trim() === String(second).trim() ? null : MISC_MESSAGES.companyNumbers;
}

/** A batch operation acts on at most 1000 items (a list or its length). */
export function batchSize(items: readonly unknown[] | number): RuleResult {
  const count = typeof items === 'number' ? items : items.length;
  return count <= BATCH_LIMIT ? null : MISC_MESSAGES.batchLimit;
}

/** At most 100 schedules deleted at once (a list of ids or its length). */
export function scheduleDeletionCount(items: readonly unknown[] | number): RuleResult {
  const count = typeof items === 'number' ? items : items.length;
  return count <= SCHEDULE_DELETION_LIMIT ? null : MISC_MESSAGES.scheduleDeletion;
}

/**
 * The GSM 03.38 (3GPP TS 23.038) default alphabet, basic character set: its 128 positions except 0x1B (the
 * escape to the extension table). Line feed and carriage return are included. The extension table characters
 * (form feed ^ { } \ [ ~ ] | €) are NOT in the basic set, so a text using one of them gets the 737 limit.
 */
export const GSM_BASIC_CHARACTERS =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

const GSM_BASIC = new Set(Array.from(GSM_BASIC_CHARACTERS));

export function isGsmBasicText(text: string): boolean {
  return Array.from(text).every((char) => GSM_BASIC.has(char));
}

/**
 * SMS text length: at most 1600 characters when every character is in the GSM basic set, otherwise at most
 * 737 (11 UCS-2 parts of 67). Outside the basic set the length counts UTF-16 code units, as UCS-2 does (an
 * emoji counts 2).
 */
export function smsText(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  const text = String(value);
  if (isGsmBasicText(text)) return text.length <= SMS_BASIC_LIMIT ? null : MISC_MESSAGES.smsBasicTooLong;
  return text.length <= SMS_UNICODE_LIMIT ? null : MISC_MESSAGES.smsUnicodeTooLong;
}

/**
 * Tariff name, spec pattern brand_prefix_year_month_area_electric/gas_plan/bill, as the regular expression
 *   ^[a-z][a-z0-9]*_20\d{2}_(0[1-9]|1[0-2])_[a-z0-9]+_(electric|gas)_(plan|bill)$
 * i.e. all lower case, parts separated by single underscores: a brand prefix (a letter then letters or
 * digits), a 4-digit year 2000–2099, a 2-digit month 01–12, an area code (letters or digits, e.g. "london",
 * "a", "14"), the fuel `electric` or `gas`, the billing type `plan` or `bill`. Example: brand_2026_04_london_gas_bill.
 * Uniqueness is a database concern (MISC_MESSAGES.tariffNameExists).
 */
export const TARIFF_NAME = /^[a-z][a-z0-9]*_20\d{2}_(?:0[1-9]|1[0-2])_[a-z0-9]+_(?:electric|gas)_(?:plan|bill)$/;

export function tariffName(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return TARIFF_NAME.test(String(value).trim()) ? null : MISC_MESSAGES.tariffName;
}

/**
 * The same tariff cannot be assigned to the same period twice: `assignment` (being created or edited) clashes
 * with an `existing` assignment of the same service when the tariff is the same and the periods share a day
 * (inclusive ends, null end open). The assignment with the same id is ignored.
 */
export function tariffNotAssignedTwice({
  assignment,
  existing,
}: {
  assignment: { id?: string | number | null; tariffId: string | number; start: string; end: string | null };
  existing: ReadonlyArray<{ id: string | number; tariffId: string | number; start: string; end: string | null }>;
}): RuleResult {
  const clash = existing.some(
    (other) =>
      (assignment.id === undefined || assignment.id === null || String(other.id) !== String(assignment.id)) &&
      String(other.tariffId) === String(assignment.tariffId) &&
      (other.end === null || assignment.start <= other.end) &&
      (assignment.end === null || other.start <= assignment.end),
  );
  return clash ? MISC_MESSAGES.tariffAssignedTwice : null;
}

/**
 * What a tenant ID looks like, so that it is not taken for a promo or referral code: digits only (the tenant's
 * number) optionally preceded by the letter T, any case, ignoring surrounding spaces: "12345", "T12345" and
 * "t12345" look like tenant IDs; "T 12345", "TENANT1" and "SPRING25" do not.
 */
export const TENANT_ID_FORMAT = /^T?\d+$/i;

export function promoCodeNotTenantId(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return TENANT_ID_FORMAT.test(String(value).trim()) ? MISC_MESSAGES.promoLooksLikeTenantId : null;
}

/**
 * The 18th birthday of someone born on `dateOfBirth`. A 29 February birthday falls on 1 March in a
 * non-leap year (the usual reading of UK law), so a person born 2008-02-29 is 18 on 2026-03-01.
 */
export function eighteenthBirthday(dateOfBirth: string): string {
  const birthday = addMonths(dateOfBirth, MINIMUM_AGE * 12);
  const leapling = dateOfBirth.endsWith('-02-29') && !isLeapYear(Number(birthday.slice(0, 4)));
  return leapling ? `${birthday.slice(0, 4)}-03-01` : birthday;
}

/** Customer at least 18 years old on `today` (the 18th birthday itself passes). */
export function minimumAge({ dateOfBirth, today }: { dateOfBirth: unknown; today: string }): RuleResult {
  if (!isCalendarDate(today)) throw new RangeError(`today must be a YYYY-MM-DD date, got ${today}`);
  if (isBlank(dateOfBirth)) return null;
  if (!isCalendarDate(dateOfBirth)) return INVALID_DATE;
  return eighteenthBirthday(dateOfBirth) <= today ? null : MISC_MESSAGES.minimumAge;
}

/** Spec §4: a comment tied to freezing cannot be deleted until the contract is unfrozen. */
export function commentDeletable({ tiedToFreeze, contractFrozen }: { tiedToFreeze: boolean; contractFrozen: boolean }): RuleResult {
  return tiedToFreeze && contractFrozen ? MISC_MESSAGES.commentFrozen : null;
}
