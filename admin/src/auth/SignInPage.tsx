import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Stack, TextField, Typography } from '@mui/material';
import { AuthCard } from './AuthCard';
import { fetchSiteConfig } from './site-config';
import { googleSignIn, passwordSignIn, startGoogleSignIn, type SignInResult } from './sign-in';

const DEFAULT_DESTINATION = '/admin/1/';

/** Only back-office paths may be returned to after signing in (never another site). */
function destination(): string {
  const wanted = new URLSearchParams(location.search).get('redirect') ?? '';
  return /^\/admin\/\d+\//.test(wanted) ? wanted : DEFAULT_DESTINATION;
}

/** /admin-signin: back-office and partner staff sign in with a password or with Google. */
export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Back from Google with a code: busy from the first render while the code is exchanged.
  const [busy, setBusy] = useState(() => new URLSearchParams(location.search).has('code'));
  const [strategies, setStrategies] = useState<string[]>(['password']);

  function finish(result: SignInResult) {
    if (result.ok) {
      window.location.assign(result.returnTo ?? destination());
      return;
    }
    setBusy(false);
    setError(result.message);
  }

  useEffect(() => {
    void fetchSiteConfig().then((config) => setStrategies(config.backofficeLoginStrategies));
  }, []);

  // Back from Google with a code: finish signing in.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.get('code')) return;
    void googleSignIn(params.get('code')!, params.get('state')).then(finish);
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    finish(await passwordSignIn(email, password));
  }

  return (
    <AuthCard title="Back office sign in">
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {strategies.includes('password') && (
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
          <TextField label="Email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required autoFocus />
          <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
          <Button type="submit" variant="contained" disabled={busy}>
            Sign in
          </Button>
          <Typography variant="body2">
            <a href="/admin-signin/forgot">Forgot password?</a>
          </Typography>
        </Stack>
      )}
      {strategies.includes('google') && (
        <>
          <Divider sx={{ my: 2 }}>or</Divider>
          <Button fullWidth variant="outlined" disabled={busy} onClick={() => void startGoogleSignIn(destination()).then(finish)}>
            Sign in with Google
          </Button>
        </>
      )}
    </AuthCard>
  );
}
