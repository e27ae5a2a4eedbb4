// A real OpenID Connect provider (the `oidc-provider` package) standing in for Google's sign-in in tests.
// Runs as its own process because the package is ESM-only. Its development login page accepts any
// login as the account id; the account's e-mail is that login. Prints "listening <port>" when ready.
import http from 'node:http';
import Provider from 'oidc-provider';

const { CLIENT_ID, CLIENT_SECRET, REDIRECT_URI } = process.env;
const server = http.createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code'], response_types: ['code'] }],
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, email: id, email_verified: true }) }),
  pkce: { required: () => false },
  // Like Google, put the e-mail in the ID token itself rather than only behind the userinfo endpoint.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
});
provider.on('server_error', (_ctx, error) => console.error('oidc server_error', error));
server.on('request', provider.callback());
console.log(`listening ${server.address().port}`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
