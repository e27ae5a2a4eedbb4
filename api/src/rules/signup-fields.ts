/**
 * Field rules of the sign-up wizard (specification §5, §8, §9), pure and isomorphic: the server checks a
 * processed sign-up with them and the site shows the same messages as the visitor types. Like every
 * validator here, each returns null when the value is acceptable (or empty, unless it says required).
 */
import { parsePhoneNumberFromString as parsePhoneNumber } from 'libphonenumber-js/mobile';
import { addDays, isCalendarDate } from './validation/calendar';
import { isBlank, type RuleResult } from './validation/common';
import { CONTACT_MESSAGES, ukMobile } from './validation/contact';
import { minimumAge, promoCodeNotTenantId } from './validation/misc';
import { email as emailRule, personName } from './validators';

/** The specification's sign-up messages (§8, exactly), and this wizard's own field messages. */
export const SIGNUP_MESSAGES = {
  payingTenantExists: 'A paying tenant already exists at the address.',
  addressSignedUp: 'Address already signed up for the selected dates.',
  notAccepting: 'Currently not accepting new customers.',
  invalidInvitation: 'Invalid House Contract ID or Email',
  contradicts: 'Selected options contradict records.',
  cannotMove: 'Cannot move to the existing contract.',
  registeredAlready: 'Registered already for these contract dates.',
  welcomeEmail: 'Welcome e-mail cannot be sent',
  referralApplied: 'Referral code applied!',
  referralUnknown: 'This referral or promo code is not valid',
  referralOwn: 'You cannot use your own referral code',
  emailUsed: 'This e-mail address is already used',
  emailTwice: 'This e-mail address is given twice for this house',
  tooManyHousemates: 'You can invite at most one housemate fewer than the number of tenants',
  paymentDay: 'Payment day must be 1 to 29, or the last day of the month (31)',
  paymentMethod: 'Choose how to pay',
  broadbandTwoDays: 'Broadband can start 2 days from today at the earliest',
  broadbandThreeWeeks: 'A new broadband line takes 3 weeks: choose a start date at least 3 weeks from today',
  broadbandNotChosen: 'Broadband is not among the services chosen',
  bornInFuture: 'Date of birth cannot be in the future',
  tooLong: (max: number) => `At most ${max} characters`,
  notProcessed: 'Finish the sign-up first: there is nothing to pay for yet.',
  confirmLinkExpired: 'This confirmation link has expired or has already been used.',
} as const;

/** Payment days offered (specification §9): 1 to 29, and 31 meaning the last day of the month. */
export function paymentDay(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  const day = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof day === 'number' && Number.isInteger(day) && ((day >= 1 && day <= 29) || day === 31) ? null : SIGNUP_MESSAGES.paymentDay;
}

/** A tenant's first or last name: required, the specification's name rule, and what the column keeps. */
export function signupName(value: unknown): RuleResult {
  if (isBlank(value)) return 'Required';
  if (String(value).trim().length > 255) return SIGNUP_MESSAGES.tooLong(255);
  return personName(value);
}

/** An e-mail a sign-up gives (the tenant's or a housemate's): required, well formed, at most 254 characters. */
export function signupEmail(value: unknown): RuleResult {
  if (isBlank(value)) return 'Required';
  if (String(value).trim().length > 254) return SIGNUP_MESSAGES.tooLong(254);
  return emailRule(value);
}

/** Ofcom's drama range (07700 900000–900999): never allocated, so libphonenumber calls it invalid; the demo data and tests use it. */
const DRAMA_RANGE = /^\+447700900\d{3}$/;
/** The countries that share +44: the UK and the Crown Dependencies (Guernsey, Jersey, the Isle of Man). */
const PLUS_44_COUNTRIES = new Set(['GB', 'GG', 'JE', 'IM']);

/**
 * A UK mobile number: first the specification's own checks (characters, two parts, no 0 after +44, a known
 * country code) with their messages, then libphonenumber's mobile ranges, which know which blocks are
 * really allocated to mobiles (a maintained library instead of a pattern of our own).
 */
export function signupMobile(value: unknown): RuleResult {
  if (isBlank(value)) return 'Required';
  const spec = ukMobile(value);
  if (spec) return spec;
  return normaliseSignupMobile(String(value)) ? null : CONTACT_MESSAGES.mobileInvalid;
}

/** "+447700900123" (E.164, as UK mobiles are stored) for a number `signupMobile` accepts, else null. */
export function normaliseSignupMobile(value: string): string | null {
  if (ukMobile(value) !== null) return null;
  const parsed = parsePhoneNumber(value.trim(), 'GB');
  if (!parsed) return null;
  if (DRAMA_RANGE.test(parsed.number)) return parsed.number;
  return parsed.isValid() && PLUS_44_COUNTRIES.has(parsed.country ?? '') ? parsed.number : null;
}

/** Date of birth: required, a real date, not in the future, and 18 or over on `today` (§5, §9). */
export function signupDateOfBirth({ dateOfBirth, today }: { dateOfBirth: unknown; today: string }): RuleResult {
  if (isBlank(dateOfBirth)) return 'Required';
  if (isCalendarDate(dateOfBirth) && dateOfBirth > today) return SIGNUP_MESSAGES.bornInFuture;
  return minimumAge({ dateOfBirth, today });
}

/**
 * Broadband's indicative start date (§5 "at least 2 days from today in one case, at least 3 weeks in the
 * other"): a house new to our broadband needs a line ordered and installed, so at least 3 weeks ahead; a
 * house whose earlier contract had our broadband only needs it switched on, so at least 2 days ahead.
 */
export const BROADBAND_LEAD_DAYS = { newLine: 21, existingLine: 2 } as const;

export function broadbandStartDate({ date, today, existingLine = false }: { date: unknown; today: string; existingLine?: boolean }): RuleResult {
  if (isBlank(date)) return null;
  if (!isCalendarDate(date)) return 'Invalid date';
  const lead = existingLine ? BROADBAND_LEAD_DAYS.existingLine : BROADBAND_LEAD_DAYS.newLine;
  if (date >= addDays(today, lead)) return null;
  return existingLine ? SIGNUP_MESSAGES.broadbandTwoDays : SIGNUP_MESSAGES.broadbandThreeWeeks;
}

/** A referral or promo code's shape: at most 50 characters, and never a tenant ID (§5). Whether it exists is the server's. */
export function referralCodeFormat(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  if (String(value).trim().length > 50) return SIGNUP_MESSAGES.tooLong(50);
  return promoCodeNotTenantId(value);
}

/** The housemates the lead invites: each a valid e-mail, none twice and none the lead's own; fewer than the tenants. */
export function housemateEmails({ housemates, leadEmail, numberOfTenants }: { housemates: readonly unknown[]; leadEmail: unknown; numberOfTenants: unknown }): Array<{ index: number; message: string; rule: string }> {
  const errors: Array<{ index: number; message: string; rule: string }> = [];
  const seen = new Set<string>(typeof leadEmail === 'string' ? [leadEmail.trim().toLowerCase()] : []);
  housemates.forEach((housemate, index) => {
    const invalid = signupEmail(housemate);
    if (invalid) return void errors.push({ index, message: invalid, rule: 'email' });
    const key = String(housemate).trim().toLowerCase();
    if (seen.has(key)) return void errors.push({ index, message: SIGNUP_MESSAGES.emailTwice, rule: 'unique' });
    seen.add(key);
  });
  if (typeof numberOfTenants === 'number' && housemates.length > Math.max(0, numberOfTenants - 1)) errors.push({ index: -1, message: SIGNUP_MESSAGES.tooManyHousemates, rule: 'count' });
  return errors;
}
