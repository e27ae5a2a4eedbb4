import request from 'supertest';
import { authorizationCodeFor, startApiHarness, startOidcProvider, type ApiHarness, type LocalOidcProvider } from '../../testing';

// Google sign-in against a real OpenID Connect provider running locally (oidc-provider).
const BASE_URL = 'http://bills.localhost';
const REDIRECT = `${BASE_URL}/admin-signin`;
let oidc: LocalOidcProvider;
let api: ApiHarness;

beforeAll(async () => {
  oidc = await startOidcProvider(REDIRECT);
  api = await startApiHarness({ BASE_URL, GOOGLE_ISSUER: oidc.issuer, GOOGLE_CLIENT_ID: oidc.clientId, GOOGLE_CLIENT_SECRET: oidc.clientSecret });
});
afterAll(async () => {
  await api.stop();
  await oidc.stop();
});

const STATE = 'state-0123456789abcdef';

async function codeFor(email: string): Promise<string> {
  const res = await request(api.app.express).get(`/api/v2/auth/google/url?state=${STATE}`).expect(200);
  const { code, state } = await authorizationCodeFor(res.body.url, email, REDIRECT);
  expect(state).toBe(STATE);
  return code;
}

const google = (body: Record<string, unknown>) => request(api.app.express).post('/api/v2/auth/google').send(body);

it('signs staff in with the code the provider returns, and the token works', async () => {
  const res = await google({ code: await codeFor('staff@demo.test'), userRole: 'backoffice' }).expect(200);
  expect(res.body).toMatchObject({ role: 'backoffice', user: { email: 'staff@demo.test' } });
  const check = await api.graphql('{ checkAuth }', {}, res.body.jwtToken);
  expect(check.body.data.checkAuth[0]).toBe('backoffice');
});

it('answers "User not found" when the verified e-mail has no account of that kind', async () => {
  const res = await google({ code: await codeFor('stranger@example.test'), userRole: 'backoffice' }).expect(401);
  expect(res.body.error).toMatchObject({ code: 'LOGIN_REFUSED', message: 'User not found' });
  const tenant = await google({ code: await codeFor('tenant@demo.test'), userRole: 'backoffice' }).expect(401);
  expect(tenant.body.error.message).toBe('User not found');
});

it('answers "Something went wrong. Please try again" for a code that is invalid or already used', async () => {
  const code = await codeFor('readonly@demo.test');
  await google({ code, userRole: 'backoffice' }).expect(200);
  for (const bad of [code, 'made-up-code']) {
    const res = await google({ code: bad, userRole: 'backoffice' }).expect(401);
    expect(res.body.error.message).toBe('Something went wrong. Please try again');
  }
});

it('names the missing field', async () => {
  const res = await google({ userRole: 'backoffice' }).expect(400);
  expect(res.body.error.fields).toEqual([{ field: 'code', rule: 'required', message: 'Required' }]);
});
