import { fieldMessages, graphqlRequest } from '@app/api/client';

/*
 * The sign-up wizard's calls. The wizard's answers live on the server under the sign-up token
 * (api/src/modules/signup): the browser keeps only the token, so a refresh, a second tab or the card
 * provider's tab coming back all find the same sign-up.
 */

export type SignupFlow = 'SIGNUP' | 'ALTERNATE' | 'ENERGY_BILL';

export interface WizardSession {
  token: string;
  flow: SignupFlow;
  step: string;
  steps: string[];
  /** isNewHouse, houseContractId, and each step's answers under its name. */
  state: Record<string, unknown>;
  completed: boolean;
}

/** A refused call: each field's message, and the message that belongs to no field. */
export interface Refusal {
  fields: Record<string, string>;
  message: string | null;
}

export type Outcome<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

const SESSION = 'token flow step steps state completed';
const UNREACHABLE = 'We could not reach our servers. Check your connection and try again.';

async function call<T>(query: string, variables: Record<string, unknown>, name: string): Promise<Outcome<T>> {
  try {
    const answer = await graphqlRequest<Record<string, T>>(query, variables);
    const value = answer.data?.[name];
    if (value !== undefined && value !== null) return { ok: true, value };
    const fields = fieldMessages(answer);
    return { ok: false, fields, message: Object.keys(fields).length ? null : (answer.errors[0]?.message ?? UNREACHABLE) };
  } catch {
    return { ok: false, fields: {}, message: UNREACHABLE };
  }
}

export const startSignup = (flow: SignupFlow, referralSlug: string | null) =>
  call<WizardSession>(`mutation ($flow: String, $ref: String) { startSignup(flow: $flow, referralSlug: $ref) { ${SESSION} } }`, { flow, ref: referralSlug }, 'startSignup');

export const readSignup = (token: string) => call<WizardSession>(`query ($token: ID!) { signupSession(token: $token) { ${SESSION} } }`, { token }, 'signupSession');

export const saveSignupStep = (token: string, step: string, data: Record<string, unknown>) =>
  call<WizardSession>(`mutation ($token: ID!, $step: String!, $data: JSON!) { saveSignupStep(token: $token, step: $step, data: $data) { ${SESSION} } }`, { token, step, data }, 'saveSignupStep');

export interface SignupResult {
  houseContractId: number;
  tenantContractId: number;
  userId: number;
  planType: string | null;
  weeklyPerTenantPence: number;
  monthlyPerTenantPence: number;
  signedCount: number;
  expectedCount: number;
  paymentMethod: string;
  firstCollectionDate: string | null;
}

/** POST /api/v2/signup/process-plan-signup or /process-bill-signup: the whole sign-up in one request, safe to send twice. */
export async function processSignup(kind: 'plan' | 'bill', body: Record<string, unknown>): Promise<Outcome<SignupResult>> {
  try {
    const response = await fetch(`/api/v2/signup/process-${kind}-signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as SignupResult & { error?: { message?: string; fields?: Array<{ field: string; message: string }> } };
    if (response.ok) return { ok: true, value: json };
    const fields = Object.fromEntries((json.error?.fields ?? []).map((f) => [f.field, f.message]));
    return { ok: false, fields, message: Object.keys(fields).length ? null : (json.error?.message ?? UNREACHABLE) };
  } catch {
    return { ok: false, fields: {}, message: UNREACHABLE };
  }
}

export interface Invitation {
  houseContractId: number;
  address: string;
  planType: string | null;
  weeklyPerTenantPence: number;
  monthlyPerTenantPence: number;
  startDate: string;
  endDate: string;
  signedCount: number;
  expectedCount: number;
  services: string[];
}

export const readInvitation = (houseContractId: number, email: string) =>
  call<Invitation>(
    `query ($id: Int!, $email: String!) { signupInvitation(houseContractId: $id, email: $email) { houseContractId address planType weeklyPerTenantPence monthlyPerTenantPence startDate endDate signedCount expectedCount services } }`,
    { id: houseContractId, email },
    'signupInvitation',
  );

export const openSignupCheckout = (token: string, successUrl: string) =>
  call<{ sessionUrl: string }>(`mutation ($token: String!, $url: String!) { signupCardCheckout(token: $token, successUrl: $url) { sessionUrl } }`, { token, url: successUrl }, 'signupCardCheckout');

export interface MandateAnswer {
  status: string;
  reference: string;
  firstCollectionDate: string | null;
}

export const setUpSignupDirectDebit = (token: string, input: { accountHolderName: string; sortCode: string; accountNumber: string; accountHolderConfirmed: boolean }) =>
  call<MandateAnswer>(
    `mutation ($token: String!, $name: String!, $sort: String!, $account: String!, $holder: Boolean) { signupDirectDebit(token: $token, accountHolderName: $name, sortCode: $sort, accountNumber: $account, accountHolderConfirmed: $holder) { status reference firstCollectionDate } }`,
    { token, name: input.accountHolderName, sort: input.sortCode, account: input.accountNumber, holder: input.accountHolderConfirmed },
    'signupDirectDebit',
  );

export interface PaymentStatus {
  paymentMethod: string;
  cardOnFile: boolean;
  mandateStatus: string | null;
  complete: boolean;
}

export const readPaymentStatus = (token: string) =>
  call<PaymentStatus>(`query ($token: String!) { signupPaymentStatus(token: $token) { paymentMethod cardOnFile mandateStatus complete } }`, { token }, 'signupPaymentStatus');

export const confirmAccount = (token: string) => call<{ email: string }>(`mutation ($token: String!) { confirmSignupAccount(token: $token) { email } }`, { token }, 'confirmSignupAccount');

export const checkReferralCode = (code: string) =>
  call<{ applied: boolean; message: string }>(`query ($code: String!) { checkSignupReferralCode(code: $code) { applied message } }`, { code }, 'checkSignupReferralCode');

/** A new confirmation link by e-mail for an account still waiting for one (the answer is the same for any address). */
export const resendConfirmation = (email: string) =>
  call<{ sent: boolean; message: string }>(`mutation ($email: String!) { resendSignupConfirmation(email: $email) { sent message } }`, { email }, 'resendSignupConfirmation');
