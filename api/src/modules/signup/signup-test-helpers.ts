import request from 'supertest';
import type { ApiHarness } from '../../testing';
import { addDays } from '../../rules';
import { academicYear } from '../quotes/public-quote.service';

/*
 * What the sign-up tests share: a visitor starting a sign-up, a complete form for a new house or a joining
 * housemate, the REST processing call, and counts of the rows a sign-up writes. Each visitor comes from an
 * address of their own so the per-address limits never decide a test.
 */

let visitor = 0;
export const nextAddress = (): string => `198.19.${Math.floor(++visitor / 250)}.${(visitor % 250) + 1}`;

const START = 'mutation ($flow: String, $referralSlug: String) { startSignup(flow: $flow, referralSlug: $referralSlug) { token } }';

export async function startSignup(api: ApiHarness, flow: 'SIGNUP' | 'ENERGY_BILL' = 'SIGNUP', referralSlug: string | null = null): Promise<string> {
  const res = await api.graphql(START, { flow, referralSlug }, null, { 'X-Forwarded-For': nextAddress() });
  if (res.body.errors) throw new Error(res.body.errors[0].message);
  return res.body.data.startSignup.token as string;
}

export function processSignupRequest(api: ApiHarness, kind: 'plan' | 'bill', body: Record<string, unknown>, address = nextAddress()): request.Test {
  return request(api.app.express).post(`/api/v2/signup/process-${kind}-signup`).set('X-Forwarded-For', address).send(body);
}

/** The next academic year (the public quote's default), so the dates are always in the future. */
export function contractDates(today: string): { startDate: string; endDate: string } {
  return academicYear(today);
}

export function tenant(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { firstName: 'Amara', lastName: "O'Neill", email, mobile: '07700 900123', dateOfBirth: '2004-05-17', customerType: 'STUDENT', alternativeAddress: null, ...overrides };
}

export function newHouseForm(token: string, today: string, overrides: { house?: Record<string, unknown>; quote?: Record<string, unknown>; tenant?: Record<string, unknown>; finishingTouches?: Record<string, unknown>; [key: string]: unknown } = {}): Record<string, unknown> {
  const { house, quote, tenant: tenantOverrides, finishingTouches, ...rest } = overrides;
  const dates = contractDates(today);
  return {
    signupToken: token,
    houseContractId: null,
    house: { line1: '27 Headingley Mount', line2: null, city: 'Leeds', postcode: 'LS6 1AA', bedrooms: 2, ...house },
    quote: { planType: 'GREENSAVER', numberOfTenants: 2, services: ['electric', 'gas', 'water', 'broadband'], broadbandSpeed: '600', ...dates, ...quote },
    tenant: tenant('lead@signup.test', tenantOverrides),
    finishingTouches: { paymentDay: 5, paymentFrequency: 'MONTHLY', broadbandStartDate: addDays(dates.startDate, 7), referralCode: null, ...finishingTouches },
    housemates: ['mate@signup.test'],
    password: 'Sunny2024',
    passwordConfirmation: 'Sunny2024',
    paymentMethod: 'CREDIT_CARD',
    ...rest,
  };
}

export function joinForm(token: string, houseContractId: number, email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    signupToken: token,
    houseContractId,
    tenant: tenant(email, { firstName: 'Jonah', lastName: 'Baptiste', mobile: '+44 7700 900456', dateOfBirth: '2003-11-02' }),
    finishingTouches: { paymentDay: 31 },
    password: 'Rainy2024',
    passwordConfirmation: 'Rainy2024',
    paymentMethod: 'DIRECT_DEBIT',
    ...overrides,
  };
}

/** The tables a sign-up writes, counted: before and after a refusal they must be equal. */
export const SIGNUP_TABLES = ['houses', 'house_contracts', 'services', 'tenant_contracts', 'users', 'payment_schedules', 'ledger_entries', 'signup_invitations', 'outbox_messages', 'weekly_quotes', 'tree_plantings', 'account_confirmation_tokens'] as const;

export async function countRows(api: ApiHarness): Promise<Record<(typeof SIGNUP_TABLES)[number], number>> {
  const counts = {} as Record<(typeof SIGNUP_TABLES)[number], number>;
  for (const table of SIGNUP_TABLES) counts[table] = Number((await api.db.knex(table).count({ n: '*' }).first())!.n);
  return counts;
}
