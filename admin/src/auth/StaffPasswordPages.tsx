import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { linkIsValid, newPasswordProblems, requestReset, resetPassword } from '@app/api/client';
import { PASSWORD_RESET_MESSAGES, email as emailRule, required } from '@app/api/rules';
import { AuthCard } from './AuthCard';

/** /admin-signin/forgot: staff ask for a link to choose a new password (it leads back to the back office). */
export function StaffForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = required(email) ?? emailRule(email);
    if (problem) return setError(problem);
    setBusy(true);
    const result = await requestReset(email.trim());
    setBusy(false);
    if (result.ok) setSent(true);
    else setError(Object.values(result.fields)[0] ?? result.message);
  }

  return (
    <AuthCard title="Forgotten your password?">
      {sent ? (
        <Alert severity="success" role="status">
          We have sent a link to choose a new password to {email.trim()}. It works once, within an hour.
        </Alert>
      ) : (
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
          <Typography>Enter the e-mail address of your back-office account.</Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField label="Email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required autoFocus />
          <Button type="submit" variant="contained" disabled={busy}>
            Send the link
          </Button>
        </Stack>
      )}
      <Typography variant="body2" sx={{ mt: 2 }}>
        <a href="/admin-signin">Back to sign in</a>
      </Typography>
    </AuthCard>
  );
}

/** /admin-signin/reset/{token}: staff choose a new password with the e-mailed one-time link. */
export function StaffResetPasswordPage({ token }: { token: string }) {
  const [state, setState] = useState<'checking' | 'ready' | 'expired' | 'done'>('checking');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void linkIsValid(token).then((valid) => setState(valid ? 'ready' : 'expired'));
  }, [token]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems = newPasswordProblems(password, confirmPassword);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const result = await resetPassword(token, password, confirmPassword);
    setBusy(false);
    if (result.ok) setState('done');
    else if (result.expired) setState('expired');
    else setErrors(Object.keys(result.fields).length ? result.fields : { password: result.message });
  }

  return (
    <AuthCard title="Choose a new password">
      {state === 'expired' && (
        <Alert severity="warning" role="alert">
          {PASSWORD_RESET_MESSAGES.linkExpired} <a href="/admin-signin/forgot">Ask for a new link</a>.
        </Alert>
      )}
      {state === 'done' && (
        <Alert severity="success" role="status">
          Your password has been changed. <a href="/admin-signin">Sign in</a>
        </Alert>
      )}
      {state === 'ready' && (
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
          <Typography>At least 7 characters, with an uppercase letter, a lowercase letter and a digit.</Typography>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password}
            required
            autoFocus
          />
          <TextField
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
            error={Boolean(errors.confirmPassword)}
            helperText={errors.confirmPassword}
            required
          />
          <Button type="submit" variant="contained" disabled={busy}>
            Save the new password
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
