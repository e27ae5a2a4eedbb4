/**
 * Labels people read for the stored values of the value sets (`value-sets.ts`, `enums.ts`, `identity.ts`).
 * Values are stored as the specification writes them (ACTIVE, tv_licence, _A); screens show these labels.
 * Pure and isomorphic: the site, the back office and the API (exports, e-mails) share one copy.
 */
import { CONTRACT_STATUSES } from './enums';
import { TENANT_PORTALS } from './identity';
import { SIGNUP_FLOWS, SIGNUP_STEPS } from './signup-steps';
import { BACS_SUBMISSION_KINDS, COLLECTION_CHANNELS, HOUSE_STATUSES, PLAN_TYPES } from './value-sets';

/** Labels that hold whatever value set the value comes from. */
export const VALUE_LABELS: Readonly<Record<string, string>> = {
  // Contract and house statuses (specification §3).
  ACTIVE: 'Active',
  PENDING: 'Pending',
  LEAVING: 'Leaving',
  CLOSED: 'Closed',
  INCOMPLETE_SIGNUP: 'Incomplete Signup',
  // Services.
  electric: 'Electricity',
  gas: 'Gas',
  water: 'Water',
  tv_licence: 'TV licence',
  broadband: 'Broadband',
  ORDERED_BY_THE_TENANT: 'Ordered by the tenant',
  ACTIONED_BY_PROVIDER: 'Actioned by provider',
  CANCELATION_REQUESTED: 'Cancellation requested',
  CANCELATION_PROCESSED: 'Cancellation processed',
  SAGE_UPDATE_NEEDED: 'Accounting update needed',
  EXPORTED_TO_SAGE: 'Exported to the accounting package',
  // Supply, tariffs and meters.
  NO_SUPPLY: 'No supply',
  ELEC_ONLY: 'Electricity only',
  GAS_ONLY: 'Gas only',
  DUAL: 'Dual fuel',
  PPM: 'Prepayment meter',
  SR: 'Single rate',
  DN: 'Dual rate',
  SMART_NON_COMPLIANT: 'Smart (non-compliant)',
  '400': '400 Mbps',
  '600': '600 Mbps',
  '800': '800 Mbps',
  '1000': '1 GB',
  // Electricity distribution regions (GSP groups).
  _A: 'A: Eastern England',
  _B: 'B: East Midlands',
  _C: 'C: London',
  _D: 'D: Merseyside and North Wales',
  _E: 'E: West Midlands',
  _F: 'F: North East England',
  _G: 'G: North West England',
  _H: 'H: Southern England',
  _J: 'J: South East England',
  _K: 'K: South Wales',
  _L: 'L: South West England',
  _M: 'M: Yorkshire',
  _N: 'N: South Scotland',
  _P: 'P: North Scotland',
  // Payments.
  CREDIT_CARD: 'Credit card',
  DIRECT_DEBIT: 'Direct debit',
  DD_AND_CARD: 'Direct debit and card',
  PAY_ON_RECEIPT: 'Pay on receipt',
  HOUSEMATE_PAYING: 'Housemate paying',
  DD_GENERATED_MANDATE: 'Generated direct debit mandate',
  DD_PAPER_MANDATE: 'Paper direct debit mandate',
  CC_STAGE_UPDATE: 'Credit control stage update',
  BACKOFFICE: 'Back office',
  FRONTOFFICE: 'Front office',
  STRIPE: 'Stripe',
  WORLDPAY: 'Worldpay',
  // Readings.
  BACK_OFFICE: 'Back office',
  IOS: 'iOS',
  // People.
  front: 'Tenant',
  'bill-payer': 'Bill payer',
  agent: 'Agent',
  backoffice: 'Back office',
  partner: 'Partner',
  VIEW_ONLY: 'View only',
  NO_ACCESS: 'No access',
  PREFER_NOT_TO_SAY: 'Prefer not to say',
  // Accounting.
  COMPANY_1: 'Company 1',
  COMPANY_2: 'Company 2',
  COMPANY_3: 'Company 3',
  COMPANY_4: 'Company 4',
};

/** Labels that depend on the value set (LANDLORD is "Landlord Contract" as a contract status, "Landlord" as a customer type). */
const SET_LABELS = new Map<readonly string[], Readonly<Record<string, string>>>([
  [CONTRACT_STATUSES, { LANDLORD: 'Landlord Contract' }],
  [HOUSE_STATUSES, { INCOMPLETE_SIGNUP: 'Incomplete Signup' }],
  [TENANT_PORTALS, { MY_ACCOUNT: 'My account', ENERGY_BILL: 'My Energy Bill' }],
  [COLLECTION_CHANNELS, { CARD: 'Card on file', DIRECT_DEBIT: 'Direct Debit' }],
  [BACS_SUBMISSION_KINDS, { COLLECTIONS: 'Collections (Standard 18)', AUDDIS: 'Mandates (AUDDIS)' }],
  [PLAN_TYPES, { GREENSAVER: 'Green Saver', LITE: 'Lite', UNLIMITED: 'Unlimited' }],
  [SIGNUP_FLOWS, { SIGNUP: 'Sign-up', ALTERNATE: 'Sign-up (step by step)', ENERGY_BILL: 'My Energy Bill' }],
  [SIGNUP_STEPS, { url: 'Agency or promo link', 'login-step': 'Password', 'add-payment': 'Payment', 'add-finishing-touches': 'Finishing touches' }],
]);

/** Words kept in capitals when a value is humanised. */
const ACRONYMS = new Set(['DD', 'CC', 'TV', 'PDF', 'VAT', 'SMS', 'UK', 'ID', 'FO', 'HC', 'TC', 'GB', 'SI', 'SC', 'SA', 'SD', 'SP', 'SR', 'DN', 'CRON']);

/** "ORDERED_BY_THE_TENANT" → "Ordered by the tenant", "tv_licence" → "Tv licence", "FINAL_BILL" → "Final bill". */
export function humaniseValue(value: string): string {
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return value;
  return words
    .map((word, index) => {
      if (ACRONYMS.has(word.toUpperCase()) && word === word.toUpperCase()) return word;
      const lower = word.toLowerCase();
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/**
 * The label of a stored value: from its value set's own labels when `valueSet` is given, then the shared
 * labels, else the value humanised. Empty values give ''.
 */
export function labelFor(value: string | number | boolean | null | undefined, valueSet?: readonly string[]): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  const own = valueSet ? SET_LABELS.get(valueSet)?.[text] : undefined;
  return own ?? VALUE_LABELS[text] ?? humaniseValue(text);
}

/** `{ id, name }` choices of a value set, in its order, for selects. */
export function valueChoices(valueSet: readonly string[]): Array<{ id: string; name: string }> {
  return valueSet.map((value) => ({ id: value, name: labelFor(value, valueSet) }));
}
