/**
 * The whole sign-up form as `process-plan-signup` / `process-bill-signup` receive it, checked without the
 * database: every field error at once, named by its path in the body ("tenant.email", "quote.services",
 * "housemates[1]"). The site runs the same function on the answers it has; the server then adds what only the
 * database knows (address taken, e-mail used, invitation, referral code).
 */
import { checkQuoteInput } from './quote/validate';
import { BROADBAND_SPEEDS, CUSTOMER_TYPES, PAYMENT_FREQUENCIES, PLAN_TYPES } from './value-sets';
import { isBlank } from './validation/common';
import { alternativeAddressDiffers, ukPostcode } from './validation/contact';
import { numberOfTenants as tenantsRule } from './validation/house';
import { password as passwordRule, passwordsMatch } from './validators';
import { broadbandStartDate, housemateEmails, paymentDay, referralCodeFormat, SIGNUP_MESSAGES, signupDateOfBirth, signupEmail, signupMobile, signupName } from './signup-fields';

export type SignupBilling = 'PLAN' | 'BILL';

export interface SignupAddressInput {
  line1?: unknown;
  line2?: unknown;
  city?: unknown;
  postcode?: unknown;
  bedrooms?: unknown;
}

export interface SignupFormInput {
  signupToken?: unknown;
  houseContractId?: unknown;
  house?: SignupAddressInput | null;
  quote?: { planType?: unknown; numberOfTenants?: unknown; services?: unknown; broadbandSpeed?: unknown; startDate?: unknown; endDate?: unknown } | null;
  tenant?: { firstName?: unknown; lastName?: unknown; email?: unknown; mobile?: unknown; dateOfBirth?: unknown; customerType?: unknown; alternativeAddress?: SignupAddressInput | null } | null;
  finishingTouches?: { paymentDay?: unknown; paymentFrequency?: unknown; broadbandStartDate?: unknown; referralCode?: unknown } | null;
  housemates?: unknown;
  password?: unknown;
  passwordConfirmation?: unknown;
  paymentMethod?: unknown;
}

export interface SignupFieldError {
  field: string;
  rule: string;
  message: string;
}

/** How each billing type may pay at sign-up (the issue: a plan by card or Direct Debit, My Energy Bill by card or on receipt). */
export const SIGNUP_PAYMENT_METHODS: Record<SignupBilling, readonly string[]> = { PLAN: ['CREDIT_CARD', 'DIRECT_DEBIT'], BILL: ['CREDIT_CARD', 'PAY_ON_RECEIPT'] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = (values: readonly string[]) => `Must be one of ${values.join(', ')}`;

/** The electricity and gas chosen, as the quote names a supply. */
export function supplyTypeOfServices(services: readonly string[]): string | null {
  const electric = services.includes('electric');
  const gas = services.includes('gas');
  return electric && gas ? 'DUAL' : electric ? 'ELEC_ONLY' : gas ? 'GAS_ONLY' : null;
}

/** Address lines and postcode of the house, or of the tenant's alternative address. */
function addressErrors(address: SignupAddressInput, at: string, fail: (field: string, rule: string, message: string | null) => void): void {
  fail(`${at}.line1`, 'required', isBlank(address.line1) ? 'Required' : String(address.line1).trim().length > 255 ? SIGNUP_MESSAGES.tooLong(255) : null);
  fail(`${at}.line2`, 'maxLength', !isBlank(address.line2) && String(address.line2).trim().length > 255 ? SIGNUP_MESSAGES.tooLong(255) : null);
  fail(`${at}.city`, 'required', isBlank(address.city) ? 'Required' : String(address.city).trim().length > 100 ? SIGNUP_MESSAGES.tooLong(100) : null);
  fail(`${at}.postcode`, isBlank(address.postcode) ? 'required' : 'ukPostcode', isBlank(address.postcode) ? 'Required' : ukPostcode(address.postcode));
}

/** The house and the quote of a new house: the public quote's rules (1–12 tenants, services, dates), named under house / quote. */
function quoteErrors(input: SignupFormInput, billing: SignupBilling, today: string, fail: (field: string, rule: string, message: string | null) => void): void {
  const quote = input.quote ?? {};
  const house = input.house ?? {};
  const services = Array.isArray(quote.services) ? (quote.services as unknown[]).map(String) : [];
  if (billing === 'PLAN') fail('quote.planType', isBlank(quote.planType) ? 'required' : 'oneOf', isBlank(quote.planType) ? 'Required' : PLAN_TYPES.includes(quote.planType as never) ? null : oneOf(PLAN_TYPES));
  else if (!isBlank(quote.planType)) fail('quote.planType', 'billHasNoPlan', SIGNUP_MESSAGES.contradicts);
  const tenants = tenantsRule({ value: quote.numberOfTenants, office: 'FRONT_OFFICE' });
  fail('quote.numberOfTenants', isBlank(quote.numberOfTenants) ? 'required' : 'range', isBlank(quote.numberOfTenants) ? 'Required' : tenants);
  if (!isBlank(quote.broadbandSpeed) && !BROADBAND_SPEEDS.includes(String(quote.broadbandSpeed) as never)) fail('quote.broadbandSpeed', 'oneOf', oneOf(BROADBAND_SPEEDS));
  const checked = checkQuoteInput(
    {
      postcode: typeof house.postcode === 'string' ? house.postcode : null,
      bedrooms: (house.bedrooms ?? quote.numberOfTenants) as number,
      numberOfTenants: quote.numberOfTenants as number,
      // Every tenant shares the house: bedrooms must be at least the tenants (as the public quote says).
      customersSharing: quote.numberOfTenants as number,
      services,
      broadbandSpeed: services.includes('broadband') ? (quote.broadbandSpeed as string) : null,
      billingType: billing,
      planType: billing === 'PLAN' && PLAN_TYPES.includes(quote.planType as never) ? (quote.planType as string) : null,
      energyUseType: 'MEDIUM',
      supplyType: supplyTypeOfServices(services),
      startDate: quote.startDate as string,
      endDate: quote.endDate as string,
      paymentFrequency: 'MONTHLY',
    },
    today,
  );
  for (const error of checked.errors) {
    // The house's own fields were checked above; numberOfTenants by the front office's 1–12; planType and supply are derived.
    if (['postcode', 'numberOfTenants', 'planType', 'supplyType', 'energyUseType', 'billingType', 'paymentFrequency'].includes(error.field)) continue;
    if (error.field === 'bedrooms' || error.field === 'customersSharing') fail('house.bedrooms', error.field === 'bedrooms' ? 'range' : 'atLeastTenants', error.field === 'bedrooms' ? error.message : 'Bedrooms must be at least the number of tenants');
    else fail(`quote.${error.field}`, error.rule, error.message);
  }
}

/**
 * Every field error of a sign-up form. `joining`: a housemate joining an existing house contract (no house,
 * quote or housemates of their own). `houseAddress`: the house the alternative address must differ from,
 * when the caller knows it (a joiner's house comes from the database).
 */
export function checkSignupForm(input: SignupFormInput, options: { billing: SignupBilling; today: string; houseAddress?: SignupAddressInput | null; existingBroadbandLine?: boolean }): SignupFieldError[] {
  const { billing, today } = options;
  const errors: SignupFieldError[] = [];
  const fail = (field: string, rule: string, message: string | null) => {
    if (message) errors.push({ field, rule, message });
  };
  fail('signupToken', 'format', typeof input.signupToken === 'string' && UUID.test(input.signupToken) ? null : 'Not a sign-up: start the sign-up again');
  const joining = !isBlank(input.houseContractId);
  if (joining && !(Number.isInteger(input.houseContractId) && (input.houseContractId as number) > 0 && (input.houseContractId as number) <= 2_147_483_647)) fail('houseContractId', 'integer', 'Not a house contract ID');

  if (!joining) {
    if (!input.house || typeof input.house !== 'object') fail('house', 'required', 'Required');
    else addressErrors(input.house, 'house', fail);
    if (!input.quote || typeof input.quote !== 'object') fail('quote', 'required', 'Required');
    else quoteErrors(input, billing, today, fail);
  } else if (!isBlank(input.housemates) && Array.isArray(input.housemates) && input.housemates.length) fail('housemates', 'newHouseOnly', SIGNUP_MESSAGES.contradicts);

  const tenant = input.tenant ?? {};
  if (!input.tenant || typeof input.tenant !== 'object') fail('tenant', 'required', 'Required');
  fail('tenant.firstName', 'name', signupName(tenant.firstName));
  fail('tenant.lastName', 'name', signupName(tenant.lastName));
  fail('tenant.email', 'email', signupEmail(tenant.email));
  fail('tenant.mobile', 'mobile', signupMobile(tenant.mobile));
  fail('tenant.dateOfBirth', 'minimumAge', signupDateOfBirth({ dateOfBirth: tenant.dateOfBirth, today }));
  if (!isBlank(tenant.customerType) && !CUSTOMER_TYPES.includes(tenant.customerType as never)) fail('tenant.customerType', 'oneOf', oneOf(CUSTOMER_TYPES));
  const alternative = tenant.alternativeAddress;
  if (alternative && typeof alternative === 'object') {
    addressErrors(alternative, 'tenant.alternativeAddress', fail);
    const house = options.houseAddress ?? input.house;
    if (house) fail('tenant.alternativeAddress', 'differsFromHouse', alternativeAddressDiffers({ alternative: { streetName: alternative.line1 as string, address2: alternative.line2 as string, postCode: alternative.postcode as string }, house: { streetName: house.line1 as string, address2: house.line2 as string, postCode: house.postcode as string } }));
  }

  const touches = input.finishingTouches ?? {};
  if (billing === 'PLAN') fail('finishingTouches.paymentDay', isBlank(touches.paymentDay) ? 'required' : 'paymentDay', isBlank(touches.paymentDay) ? 'Required' : paymentDay(touches.paymentDay));
  else fail('finishingTouches.paymentDay', 'paymentDay', paymentDay(touches.paymentDay));
  if (!isBlank(touches.paymentFrequency) && !PAYMENT_FREQUENCIES.includes(touches.paymentFrequency as never)) fail('finishingTouches.paymentFrequency', 'oneOf', oneOf(PAYMENT_FREQUENCIES));
  if (!isBlank(touches.broadbandStartDate)) {
    const services = Array.isArray(input.quote?.services) ? (input.quote.services as unknown[]) : null;
    if (!joining && services && !services.includes('broadband')) fail('finishingTouches.broadbandStartDate', 'broadbandChosen', SIGNUP_MESSAGES.broadbandNotChosen);
    else fail('finishingTouches.broadbandStartDate', 'leadTime', broadbandStartDate({ date: touches.broadbandStartDate, today, existingLine: options.existingBroadbandLine }));
  }
  fail('finishingTouches.referralCode', 'referralCode', referralCodeFormat(touches.referralCode));

  if (!isBlank(input.housemates) && !Array.isArray(input.housemates)) fail('housemates', 'list', 'A list of e-mail addresses');
  else if (!joining && Array.isArray(input.housemates)) {
    for (const error of housemateEmails({ housemates: input.housemates, leadEmail: tenant.email, numberOfTenants: input.quote?.numberOfTenants })) {
      errors.push({ field: error.index < 0 ? 'housemates' : `housemates[${error.index}]`, rule: error.rule, message: error.message });
    }
  }

  fail('password', isBlank(input.password) ? 'required' : 'password', isBlank(input.password) ? 'Required' : typeof input.password !== 'string' || input.password.length > 200 ? 'At most 200 characters of text' : passwordRule(input.password));
  if (!isBlank(input.password)) fail('passwordConfirmation', 'match', passwordsMatch(input.password, input.passwordConfirmation));
  const methods = SIGNUP_PAYMENT_METHODS[billing];
  fail('paymentMethod', isBlank(input.paymentMethod) ? 'required' : 'oneOf', isBlank(input.paymentMethod) ? SIGNUP_MESSAGES.paymentMethod : methods.includes(String(input.paymentMethod)) ? null : oneOf(methods));
  return errors;
}
