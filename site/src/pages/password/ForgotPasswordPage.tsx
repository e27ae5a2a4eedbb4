import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { email as emailRule, required } from '@app/api/rules';
import { requestReset } from '@app/api/client';
import '../signin/auth-forms.css';
import { AuthForm } from '../../ui/AuthForm';

/** /forgotpass (and /agents/forgot): e-mails a one-time link to choose a new password. */
export function ForgotPasswordPage({ signInPath = '/signin' }: { signInPath?: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = required(email) ?? emailRule(email);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const result = await requestReset(email.trim()).catch(() => ({ ok: false as const, message: 'Something went wrong. Please try again', fields: {} as Record<string, string>, expired: false }));
    setBusy(false);
    if (result.ok) setSent(true);
    else setError(result.fields.email ?? result.message);
  }

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgotten your password?</h1>
        {sent ? (
          <p className="auth-alert auth-alert--success" role="status">
            We have e-mailed a link to {email.trim()}. It works once, within the next hour. If it does not arrive in a few minutes, check your spam folder.
          </p>
        ) : (
          <>
            <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
            <AuthForm onSubmit={onSubmit}>
              <label>
                Email
                <input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? 'forgot-error' : undefined} />
                {error && (
                  <span id="forgot-error" className="auth-form__error" role="alert">
                    {error}
                  </span>
                )}
              </label>
              <button className="button" type="submit" disabled={busy}>
                Send the link
              </button>
            </AuthForm>
          </>
        )}
        <p className="auth-links">
          <Link to={signInPath}>Back to sign in</Link>
        </p>
      </section>
    </div>
  );
}
