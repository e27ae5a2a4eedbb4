import { readSignup, startSignup, type Outcome, type SignupFlow, type WizardSession } from './signup-api';
import { keepSignupToken, storedSignupToken } from './signup-token';
import { joining } from './flows';

/**
 * The sign-up this browser carries on, or a new one: a finished sign-up, or a housemate's sign-up when a new
 * house is being started (and the reverse), begins afresh. The referral (agency or promo link) is the one
 * the visitor arrived with (?ref=).
 */
export async function continueOrStartSignup(flow: SignupFlow, want: 'lead' | 'housemate'): Promise<Outcome<WizardSession>> {
  const token = storedSignupToken(flow);
  if (token) {
    const found = await readSignup(token);
    if (found.ok && !found.value.completed && joining(found.value.state) === (want === 'housemate')) return found;
  }
  const referral = new URLSearchParams(window.location.search).get('ref');
  const started = await startSignup(flow, referral);
  if (started.ok) keepSignupToken(flow, started.value.token);
  return started;
}
