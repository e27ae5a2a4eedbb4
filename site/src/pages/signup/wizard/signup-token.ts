import type { SignupFlow } from './signup-api';

/*
 * The sign-up token kept in this browser, one per flow: local storage, so the card provider's tab that comes
 * back to the wizard and a refresh both find the sign-up. A finished sign-up's token is forgotten.
 */
const key = (flow: SignupFlow) => `signup-token:${flow}`;

export function storedSignupToken(flow: SignupFlow): string | null {
  try {
    return window.localStorage.getItem(key(flow));
  } catch {
    return null;
  }
}

export function keepSignupToken(flow: SignupFlow, token: string): void {
  try {
    window.localStorage.setItem(key(flow), token);
  } catch {
    // Private browsing without storage: the wizard still works until the page is reloaded.
  }
}

export function forgetSignupToken(flow: SignupFlow): void {
  try {
    window.localStorage.removeItem(key(flow));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
