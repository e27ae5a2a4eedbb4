import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { email as emailRule, LOGIN_ERRORS, required, type TenantPortal } from '@app/api/rules';
import { useSession } from '../../session/SessionProvider';
import { logIn, returnPath, type SignInKind } from './sign-in';
import './auth-forms.css';
import { AuthForm } from '../../ui/AuthForm';
import { ResendConfirmation } from './ResendConfirmation';

export interface SignInPageProps {
  title: string;
  intro: string;
  kind: SignInKind;
  portal?: TenantPortal;
  forgotPath?: string;
}

/** One sign-in form for /signin, /signin/tenant, /signin/agent and /my-energy-bill/login. */
export function SignInPage({ title, intro, kind, portal = 'MY_ACCOUNT', forgotPath = '/forgotpass' }: SignInPageProps) {
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = Object.fromEntries(
      [
        ['email', required(email) ?? emailRule(email)],
        ['password', required(password)],
      ].filter(([, problem]) => problem),
    );
    setFieldErrors(errors);
    setMessage(null);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      const outcome = await logIn(email.trim(), password, kind, portal);
      if (outcome.ok) {
        session.signedIn(outcome.token, outcome.role, outcome.user);
        window.location.assign(returnPath(window.location.search, outcome.role));
        return;
      }
      setFieldErrors(outcome.fields);
      setMessage(outcome.message || null);
    } catch {
      setMessage('Something went wrong. Please try again');
    }
    setBusy(false);
  }

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">{title}</h1>
        <p>{intro}</p>
        {message && (
          <p className="auth-alert" role="alert">
            {message}
          </p>
        )}
        {message === LOGIN_ERRORS['errors.form.login.unconfirmed'] && <ResendConfirmation email={email} />}
        <AuthForm onSubmit={onSubmit}>
          <label>
            Email
            <input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(fieldErrors.email)} aria-describedby={fieldErrors.email ? 'email-error' : undefined} />
            {fieldErrors.email && <span id="email-error" className="auth-form__error">{fieldErrors.email}</span>}
          </label>
          <label>
            Password
            <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={Boolean(fieldErrors.password)} aria-describedby={fieldErrors.password ? 'password-error' : undefined} />
            {fieldErrors.password && <span id="password-error" className="auth-form__error">{fieldErrors.password}</span>}
          </label>
          <button className="button" type="submit" disabled={busy}>
            Sign in
          </button>
        </AuthForm>
        <p className="auth-links">
          <Link to={forgotPath}>Forgot password?</Link>
          {kind !== 'agent' && <Link to="/signup">New here? Sign up</Link>}
        </p>
      </section>
    </div>
  );
}
