import { normaliseSignupMobile, normaliseUkPostcode, type SignupBilling, type SignupFormInput } from '../../rules';
import { isBlank } from '../../rules/validation/common';

/*
 * A sign-up form that passed checkSignupForm (rules/signup-form.ts), in the shape the services use: strings
 * trimmed, the postcode and mobile in their stored forms, defaults filled in. Never built from unchecked input.
 */

export interface SignupAddress {
  line1: string;
  line2: string | null;
  city: string;
  postcode: string;
}

export interface SignupForm {
  billing: SignupBilling;
  token: string;
  /** A housemate joining this house contract (then house and quote come from it). */
  houseContractId: number | null;
  house: (SignupAddress & { bedrooms: number }) | null;
  quote: { planType: string | null; numberOfTenants: number; services: string[]; broadbandSpeed: string | null; startDate: string; endDate: string } | null;
  tenant: { firstName: string; lastName: string; email: string; mobile: string; dateOfBirth: string; customerType: string | null; alternativeAddress: SignupAddress | null };
  paymentDay: number;
  paymentFrequency: string | null;
  broadbandStartDate: string | null;
  referralCode: string | null;
  housemates: string[];
  password: string;
  paymentMethod: string;
}

const text = (value: unknown): string => String(value ?? '').trim();
const optional = (value: unknown): string | null => (isBlank(value) ? null : text(value));

function address(value: { line1?: unknown; line2?: unknown; city?: unknown; postcode?: unknown }): SignupAddress {
  return { line1: text(value.line1), line2: optional(value.line2), city: text(value.city), postcode: normaliseUkPostcode(text(value.postcode))! };
}

export function toSignupForm(input: SignupFormInput, billing: SignupBilling): SignupForm {
  const joining = !isBlank(input.houseContractId);
  const quote = input.quote ?? {};
  const tenant = input.tenant ?? {};
  const touches = input.finishingTouches ?? {};
  const services = joining ? [] : [...new Set((quote.services as unknown[]).map(String))];
  const numberOfTenants = Number(quote.numberOfTenants);
  return {
    billing,
    token: text(input.signupToken).toLowerCase(),
    houseContractId: joining ? Number(input.houseContractId) : null,
    house: joining ? null : { ...address(input.house!), bedrooms: isBlank(input.house!.bedrooms) ? numberOfTenants : Number(input.house!.bedrooms) },
    quote: joining
      ? null
      : {
          planType: billing === 'PLAN' ? text(quote.planType) : null,
          numberOfTenants,
          services,
          broadbandSpeed: services.includes('broadband') ? text(quote.broadbandSpeed) : null,
          startDate: text(quote.startDate),
          endDate: text(quote.endDate),
        },
    tenant: {
      firstName: text(tenant.firstName),
      lastName: text(tenant.lastName),
      email: text(tenant.email),
      mobile: normaliseSignupMobile(text(tenant.mobile))!,
      dateOfBirth: text(tenant.dateOfBirth),
      customerType: optional(tenant.customerType),
      alternativeAddress: tenant.alternativeAddress && typeof tenant.alternativeAddress === 'object' ? address(tenant.alternativeAddress) : null,
    },
    // A BILL sign-up has no schedule; its statements are due within 14 days whatever the day.
    paymentDay: isBlank(touches.paymentDay) ? 1 : Number(touches.paymentDay),
    paymentFrequency: optional(touches.paymentFrequency),
    broadbandStartDate: optional(touches.broadbandStartDate),
    referralCode: optional(touches.referralCode),
    housemates: joining || !Array.isArray(input.housemates) ? [] : (input.housemates as unknown[]).map(text),
    password: String(input.password),
    paymentMethod: text(input.paymentMethod),
  };
}
