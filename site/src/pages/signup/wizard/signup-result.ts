import type { SignupFlow, SignupResult } from './signup-api';

/*
 * What the server answered when the sign-up was made, kept in this browser for the last pages (the payment
 * step and /signup-complete say "2 of 5 signed" and the first collection from it).
 */
const key = (flow: SignupFlow) => `signup-result:${flow}`;

export function keepSignupResult(flow: SignupFlow, result: SignupResult): void {
  try {
    window.localStorage.setItem(key(flow), JSON.stringify(result));
  } catch {
    // Without storage the last page just says less.
  }
}

export function readSignupResult(flow: SignupFlow): SignupResult | null {
  try {
    const raw = window.localStorage.getItem(key(flow));
    return raw ? (JSON.parse(raw) as SignupResult) : null;
  } catch {
    return null;
  }
}
