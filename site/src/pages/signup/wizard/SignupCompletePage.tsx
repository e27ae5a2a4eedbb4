import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ResendConfirmation } from '../../signin/ResendConfirmation';
import { confirmAccount, type SignupResult } from './signup-api';
import { readSignupResult } from './signup-result';
import { forgetSignupToken } from './signup-token';
import '../../signin/auth-forms.css';
import './wizard.css';

type Confirmation = { status: 'none' } | { status: 'confirming' } | { status: 'confirmed'; email: string } | { status: 'refused'; message: string };

/**
 * /signup-complete: the end of sign-up (the house's progress, what happens next) and where the welcome
 * e-mail's link confirms the account (?confirm=…), after which the tenant can sign in.
 */
export function SignupCompletePage() {
  const [confirmation, setConfirmation] = useState<Confirmation>({ status: 'none' });
  const [result, setResult] = useState<SignupResult | null>(null);

  useEffect(() => {
    // After hydration: the prerendered page knows neither the link's token nor this browser's sign-up.
    const token = new URLSearchParams(window.location.search).get('confirm');
    if (token) {
      void Promise.resolve().then(() => setConfirmation((current) => (current.status === 'none' ? { status: 'confirming' } : current)));
      void confirmAccount(token).then((outcome) =>
        setConfirmation(outcome.ok ? { status: 'confirmed', email: outcome.value.email } : { status: 'refused', message: outcome.message ?? Object.values(outcome.fields)[0] ?? 'This link is not valid.' }),
      );
      return;
    }
    const finished = readSignupResult('SIGNUP') ?? readSignupResult('ENERGY_BILL');
    void Promise.resolve().then(() => setResult(finished));
    // The sign-up is finished: a later visit to the wizard starts a new one.
    forgetSignupToken('SIGNUP');
    forgetSignupToken('ENERGY_BILL');
  }, []);

  if (confirmation.status !== 'none') {
    return (
      <div className="container wizard">
        <section className="wizard-card" aria-labelledby="wizard-title">
          <h1 id="wizard-title">Confirm your account</h1>
          {confirmation.status === 'confirming' && <p role="status">Confirming your e-mail address…</p>}
          {confirmation.status === 'confirmed' && (
            <>
              <p className="wizard-success" role="status">
                Thank you: {confirmation.email} is confirmed.
              </p>
              <p>
                <Link className="button" to="/signin/tenant">
                  Sign in to your account
                </Link>
              </p>
              <p>
                Signed up for your energy bill only? <Link to="/my-energy-bill/login">Sign in to My Energy Bill</Link>
              </p>
            </>
          )}
          {confirmation.status === 'refused' && (
            <>
              <p className="auth-alert" role="alert">
                {confirmation.message}
              </p>
              <p>Ask for a new link: we send it to the address you signed up with.</p>
              <ResendConfirmation />
            </>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="container wizard">
      <section className="wizard-card" aria-labelledby="wizard-title">
        <h1 id="wizard-title">You’re signed up!</h1>
        <p className="wizard-success" role="status">
          Thank you. We have e-mailed you a link to confirm your e-mail address: open it, then sign in to your account.
        </p>
        {result && result.expectedCount > 1 && (
          <p>
            Your house: {result.signedCount} of {result.expectedCount} signed. Housemates who have not signed yet can join from the e-mail we sent them; each pays only their own share.
          </p>
        )}
        <p>We are planting a tree for you. We will now order your services and tell you as each one is set up.</p>
        <p>
          <Link to="/signin/tenant">Sign in</Link> · <Link to="/">Home</Link>
        </p>
      </section>
    </div>
  );
}
