import type { WizardSession } from './signup-api';
import { joining } from './flows';

type Answers = Record<string, unknown>;
const step = (session: WizardSession, name: string) => (session.state[name] ?? {}) as Answers;
const whole = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

function tenantOf(answers: Answers) {
  const { firstName, lastName, email, mobile, dateOfBirth, customerType, alternativeAddress } = answers;
  return { firstName, lastName, email, mobile, dateOfBirth, customerType, alternativeAddress: alternativeAddress ?? null };
}

/**
 * The body of POST /api/v2/signup/process-plan-signup from the answers the steps kept: a housemate names the
 * house contract they join; the first of a house describes the house and the plan. The server prices again.
 */
export function planSignupBody(session: WizardSession, password: string, passwordConfirmation: string): Answers {
  const quote = step(session, 'quote');
  const house = step(session, 'services');
  const details = step(session, 'tenant-details');
  const touches = step(session, 'add-finishing-touches');
  const housemate = joining(session.state);
  return {
    signupToken: session.token,
    houseContractId: housemate ? whole(step(session, 'join').houseContractId) : null,
    ...(housemate
      ? {}
      : {
          house: { line1: house.line1, line2: house.line2 || null, city: house.city, postcode: house.postcode, bedrooms: whole(quote.bedrooms) },
          quote: { planType: quote.planType, numberOfTenants: whole(quote.numberOfTenants), services: house.services, broadbandSpeed: house.broadbandSpeed ?? null, startDate: quote.startDate, endDate: quote.endDate },
          housemates: details.housemates ?? [],
        }),
    tenant: tenantOf(details),
    finishingTouches: { paymentDay: whole(touches.paymentDay), paymentFrequency: touches.paymentFrequency, broadbandStartDate: touches.broadbandStartDate ?? null, referralCode: touches.referralCode ?? null },
    password,
    passwordConfirmation,
    paymentMethod: touches.paymentMethod,
  };
}

/** The body of POST /api/v2/signup/process-bill-signup (My Energy Bill): the home, the tenant and how they pay. */
export function billSignupBody(session: WizardSession, password: string, passwordConfirmation: string): Answers {
  const house = step(session, 'house');
  return {
    signupToken: session.token,
    house: { line1: house.line1, line2: house.line2 || null, city: house.city, postcode: house.postcode, bedrooms: whole(house.numberOfTenants) },
    quote: { numberOfTenants: whole(house.numberOfTenants), services: house.services, startDate: house.startDate, endDate: house.endDate },
    tenant: tenantOf(step(session, 'tenant')),
    password,
    passwordConfirmation,
    paymentMethod: step(session, 'payment').paymentMethod,
  };
}

/** Which step asks for a field the server refused (e.g. "tenant.email" → the tenant step), to send the visitor back there. */
export function stepOfField(flow: 'SIGNUP' | 'ENERGY_BILL', field: string): string | null {
  const head = field.split(/[.[]/)[0]!;
  const signup: Record<string, string> = { house: 'services', quote: 'quote', tenant: 'tenant-details', housemates: 'tenant-details', finishingTouches: 'add-finishing-touches', paymentMethod: 'add-finishing-touches', houseContractId: 'join', signup: 'quote' };
  const bill: Record<string, string> = { house: 'house', quote: 'house', tenant: 'tenant', paymentMethod: 'payment' };
  return (flow === 'SIGNUP' ? signup : bill)[head] ?? null;
}
