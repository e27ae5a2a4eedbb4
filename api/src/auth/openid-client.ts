import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface OpenIdSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

const discoveries = new Map<string, Promise<Discovery>>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The issuer's published endpoints (cached per issuer for the life of the process). */
export function discover(issuer: string): Promise<Discovery> {
  let found = discoveries.get(issuer);
  if (!found) {
    found = fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) }).then(async (res) => {
      if (!res.ok) throw new Error(`OpenID discovery at ${issuer} answered ${res.status}`);
      return (await res.json()) as Discovery;
    });
    found.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, found);
  }
  return found;
}

/** Where to send the browser to sign in (authorization code flow, with a state the client keeps). */
export async function authorizationUrl(settings: OpenIdSettings, redirectUri: string, state: string): Promise<string> {
  const { authorization_endpoint } = await discover(settings.issuer);
  const url = new URL(authorization_endpoint);
  url.search = new URLSearchParams({ response_type: 'code', client_id: settings.clientId, redirect_uri: redirectUri, scope: 'openid email', state }).toString();
  return url.toString();
}

/**
 * Exchanges an authorization code for the user's verified e-mail: the ID token's signature (the issuer's
 * published keys), issuer, audience and expiry are all checked.
 */
export async function emailFromCode(settings: OpenIdSettings, code: string, redirectUri: string): Promise<string> {
  const discovery = await discover(settings.issuer);
  const res = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`token endpoint answered ${res.status}: ${await res.text()}`);
  const { id_token: idToken } = (await res.json()) as { id_token?: string };
  if (!idToken) throw new Error('no id_token in the token response');
  let keys = keySets.get(discovery.jwks_uri);
  if (!keys) keySets.set(discovery.jwks_uri, (keys = createRemoteJWKSet(new URL(discovery.jwks_uri))));
  const { payload } = await jwtVerify(idToken, keys, { issuer: discovery.issuer, audience: settings.clientId });
  if (typeof payload.email !== 'string' || payload.email_verified === false) throw new Error('the ID token has no verified e-mail');
  return payload.email;
}
