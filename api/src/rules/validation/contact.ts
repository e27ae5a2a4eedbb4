/** Contact rules of the specification §5: UK mobile numbers, UK postcodes and addresses. */
import { isBlank, type RuleResult } from './common';

export const CONTACT_MESSAGES = {
  mobileCharacters: 'Mobile number can contain only digits, spaces and a leading +',
  mobileParts: 'Mobile number must have at least two parts separated by a space',
  mobileZeroAfter44: 'Do not put a 0 after +44',
  mobileCountryCode: 'Mobile number must start with a known country code (+44) or with 07',
  mobileInvalid: 'Enter a valid UK mobile number',
  postcode: 'Enter a valid UK postcode',
  sameAddress: 'Alternative address must be different from the house address',
} as const;

/**
 * UK mobile numbers. Accepted, in this order of checks:
 * 1. only digits, spaces and one optional leading "+";
 * 2. at least two parts separated by spaces ("07700 900123", "+44 7700 900123"; "07700900123" is refused);
 * 3. no 0 right after +44 ("+44 07700 900123" and "+44 0 7700 900123" are refused);
 * 4. a known country code: "+44" (international form) or a leading "0" (UK national form). The only country
 *    code known is 44: numbers of other countries go through the external phone validation (spec §7);
 * 5. valid once the leading zero is dropped: 10 digits, a UK mobile range — 71–75, 77–79 or 7624 (Isle of Man),
 *    i.e. national 071xx–075xx, 07624, 077xx–079xx; 070 (personal numbers) and 076 (pagers) are not mobiles.
 *    Ofcom's drama range 07700 900000–900999 is accepted.
 */
const STORED_MOBILE = /^\+447(?:[1-57-9]\d{8}|624\d{6})$/;

export function ukMobile(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  const text = String(value).trim();
  if (!/^\+?[0-9 ]+$/.test(text)) return CONTACT_MESSAGES.mobileCharacters;
  // The stored form (+447700900123, see normaliseUkMobile) comes back unchanged from every edit form:
  // it must pass, or a record could not be saved as it was loaded.
  if (STORED_MOBILE.test(text)) return null;
  if (text.split(/ +/).filter(Boolean).length < 2) return CONTACT_MESSAGES.mobileParts;
  const digits = text.replace(/ /g, '');
  let national: string;
  if (digits.startsWith('+')) {
    if (digits.startsWith('+440')) return CONTACT_MESSAGES.mobileZeroAfter44;
    if (!digits.startsWith('+44')) return CONTACT_MESSAGES.mobileCountryCode;
    national = digits.slice(3);
  } else {
    if (!digits.startsWith('0')) return CONTACT_MESSAGES.mobileCountryCode;
    national = digits.slice(1);
  }
  return /^7(?:[1-57-9]\d{8}|624\d{6})$/.test(national) ? null : CONTACT_MESSAGES.mobileInvalid;
}

/** "+447700900123" for a number `ukMobile` accepts, else null. */
export function normaliseUkMobile(value: string): string | null {
  if (isBlank(value) || ukMobile(value) !== null) return null;
  const digits = value.replace(/[ +]/g, '');
  return `+44${digits.startsWith('44') ? digits.slice(2) : digits.slice(1)}`;
}

/**
 * UK postcode: the BS 7666 pattern (as in the government's published postcode regular expression, anchored as
 * a whole), case-insensitive, with an optional single space before the inward code, plus GIR 0AA:
 *   outward  A9 | A99 | AA9 | AA99 | A9A | AA9A   (first letter not Q V X; second letter not I J Z;
 *            third-position letter of A9A one of A–H J K P S T U W; fourth of AA9A one of A B E H M N P R V W X Y)
 *   inward   9AA  (letters not C I K M O V)
 * Surrounding whitespace is ignored. Not accepted: BFPO numbers and overseas territories (e.g. ASCN 1ZZ).
 */
export const UK_POSTCODE = /^(?:GIR ?0AA|(?:[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRVWXY])) ?\d[ABD-HJLNP-UW-Z]{2})$/i;

export function ukPostcode(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return UK_POSTCODE.test(String(value).trim()) ? null : CONTACT_MESSAGES.postcode;
}

/** "SW1A 1AA" for any accepted spelling ("sw1a1aa", " SW1A 1AA "), else null. */
export function normaliseUkPostcode(value: string): string | null {
  const text = value.trim();
  if (!UK_POSTCODE.test(text)) return null;
  const compact = text.replace(' ', '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

export const ADDRESS_DISPLAY_LENGTH = 24;

/**
 * Address display shortened to 24 characters at a comma (spec §5, §9). Precisely, with `text` the address
 * trimmed and counted in characters (code points):
 * - 24 characters or fewer: shown whole;
 * - longer: cut just before the last comma that leaves at most 24 characters before it, and the trailing
 *   spaces of that part dropped ("12 Long Street, Leeds, LS1 4AP" → "12 Long Street, Leeds";
 *   "12 Long Street, Sheffield, S1 2AB" → "12 Long Street", as "12 Long Street, Sheffield" has 25);
 * - longer with no such comma (the first part alone is over 24 characters): the first 23 characters, trailing
 *   spaces dropped, followed by "…", so never more than 24 characters.
 */
export function shortenAddress(address: string, maxLength: number = ADDRESS_DISPLAY_LENGTH): string {
  const chars = Array.from(address.trim());
  if (chars.length <= maxLength) return chars.join('');
  for (let index = maxLength; index > 0; index -= 1) {
    if (chars[index] === ',') {
      const head = chars.slice(0, index).join('').trimEnd();
      if (head !== '') return head;
    }
  }
  return `${chars.slice(0, maxLength - 1).join('').trimEnd()}…`;
}

export interface PostalAddress {
  streetName?: string | null;
  address2?: string | null;
  cityName?: string | null;
  postCode?: string | null;
}

const normalise = (text: string | null | undefined) =>
  (text ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The alternative (correspondence) address must differ from the house address. Two addresses are the same
 * when street line, second line and postcode are equal ignoring case, punctuation and spacing (the city is
 * left out: the postcode already fixes it and its spelling varies, "Newcastle" / "Newcastle upon Tyne"). Passes while
 * the alternative address has no street or no postcode (the required rules report that).
 */
export function alternativeAddressDiffers({ alternative, house }: { alternative: PostalAddress | null | undefined; house: PostalAddress }): RuleResult {
  if (!alternative || isBlank(alternative.streetName) || isBlank(alternative.postCode)) return null;
  const key = (address: PostalAddress) =>
    [normalise(address.streetName), normalise(address.address2), normalise(address.postCode).replace(/ /g, '')].join('|');
  const same = key(alternative) === key(house);
  return same ? CONTACT_MESSAGES.sameAddress : null;
}
