import { LOGIN_ERRORS, GOOGLE_LOGIN_ERRORS } from '@app/api/rules';
import { graphqlRequest, storeSession, type StoredUser } from '@app/api/client';

export type SignInResult = { ok: true; returnTo?: string } | { ok: false; message: string };

const LOGIN = `mutation ($input: LoginInput!) {
  login(input: $input) { auth { jwtToken } role user { id email firstName lastName } }
}`;

const GOOGLE_STATE_KEY = 'googleSignIn';

export async function passwordSignIn(email: string, password: string): Promise<SignInResult> {
  if (!email || !password) return { ok: false, message: LOGIN_ERRORS['errors.form.login.incorrectData'] };
  try {
    const answer = await graphqlRequest<{ login: { auth: { jwtToken: string }; role: string; user: StoredUser } }>(LOGIN, {
      input: { email, password, userRole: 'backoffice' },
    });
    if (!answer.data?.login) return { ok: false, message: answer.errors[0]?.message ?? LOGIN_ERRORS['errors.form.login.incorrectData'] };
    storeSession(answer.data.login.auth.jwtToken, answer.data.login.role, answer.data.login.user);
    return { ok: true };
  } catch {
    return { ok: false, message: GOOGLE_LOGIN_ERRORS.failed };
  }
}

/** Sends the browser to the OpenID issuer, keeping a random state (checked on return) and the page to go back to. */
export async function startGoogleSignIn(returnTo: string): Promise<SignInResult> {
  const state = Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(GOOGLE_STATE_KEY, JSON.stringify({ state, returnTo }));
  const res = await fetch(`/api/v2/auth/google/url?state=${state}`);
  if (!res.ok) return { ok: false, message: GOOGLE_LOGIN_ERRORS.failed };
  window.location.assign(((await res.json()) as { url: string }).url);
  return new Promise(() => undefined);
}

/** Back from the issuer: the state must be the one we sent, then the code is exchanged by the server. */
export async function googleSignIn(code: string, state: string | null): Promise<SignInResult> {
  const saved = JSON.parse(sessionStorage.getItem(GOOGLE_STATE_KEY) ?? 'null') as { state: string; returnTo: string } | null;
  sessionStorage.removeItem(GOOGLE_STATE_KEY);
  history.replaceState(null, '', location.pathname);
  if (!saved || saved.state !== state) return { ok: false, message: GOOGLE_LOGIN_ERRORS.failed };
  const res = await fetch('/api/v2/auth/google', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, userRole: 'backoffice' }),
  });
  const body = (await res.json().catch(() => ({}))) as { jwtToken?: string; role?: string; user?: StoredUser; error?: { message: string } };
  if (!res.ok || !body.jwtToken) return { ok: false, message: body.error?.message ?? GOOGLE_LOGIN_ERRORS.failed };
  storeSession(body.jwtToken, body.role!, body.user!);
  return { ok: true, returnTo: saved.returnTo };
}
