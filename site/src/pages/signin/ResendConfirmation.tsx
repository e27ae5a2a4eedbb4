import { useState, type FormEvent } from 'react';
import { email as emailRule, required } from '@app/api/rules';
import { resendConfirmation } from '../signup/wizard/signup-api';

/**
 * "Send the link again", for someone whose account still waits for the welcome e-mail's confirmation: on the
 * sign-in page that refused them (the address already typed) and on an expired link's page (typed here).
 */
export function ResendConfirmation({ email: knownEmail }: { email?: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    const address = (knownEmail ?? email).trim();
    const problem = required(address) ?? emailRule(address);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const outcome = await resendConfirmation(address);
    setBusy(false);
    if (outcome.ok) setSent(outcome.value.message);
    else setError(outcome.fields.email ?? outcome.message);
  }

  if (sent) {
    return (
      <p className="auth-alert auth-alert--success" role="status">
        {sent}
      </p>
    );
  }
  return (
    <form className="auth-form" onSubmit={send} noValidate aria-label="Send the confirmation link again">
      <div className="auth-form__fields">
        {knownEmail === undefined && (
          <label>
            Your e-mail address
            <input type="email" name="confirm-email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? 'resend-error' : undefined} />
          </label>
        )}
        {error && (
          <span id="resend-error" className="auth-form__error" role="alert">
            {error}
          </span>
        )}
        <button className="button button--secondary" type="submit" disabled={busy}>
          Send the confirmation link again
        </button>
      </div>
    </form>
  );
}
