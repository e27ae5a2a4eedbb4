import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { waitFor } from './wait-for';

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/** Starts the local OpenID provider (oidc-provider-server.mjs) that stands in for Google in tests. */
export async function startOidcProvider(redirectUri: string): Promise<LocalOidcProvider> {
  const clientId = 'bills-test-client';
  const clientSecret = 'bills-test-secret-0123456789';
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'oidc-provider-server.mjs')], {
    env: { ...process.env, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret, REDIRECT_URI: redirectUri, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await waitFor('the OpenID provider to listen', () => /listening (\d+)/.exec(output)?.[1], 15000);
  return {
    issuer: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Cookies kept between the requests of one browser-less sign-in at the provider. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs in at the local provider as `email` the way a person would through its development pages
 * (login form, then consent), following redirects by hand until the provider sends us back with a code.
 */
export async function authorizationCodeFor(authorizationUrl: string, email: string, redirectUri: string): Promise<{ code: string; state: string }> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let form: Record<string, string> | null = null;
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    jar.store(res);
    form = null;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(redirectUri)) {
        const error = next.searchParams.get('error');
        if (error) throw new Error(`the provider refused: ${error} ${next.searchParams.get('error_description') ?? ''}`);
        return { code: next.searchParams.get('code') ?? '', state: next.searchParams.get('state') ?? '' };
      }
      url = next.toString();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page at ${url}: ${html.slice(0, 300)}`);
    url = new URL(action, url).toString();
    form = prompt === 'login' ? { prompt, login: email, password: 'any' } : { prompt };
  }
  throw new Error('the provider never redirected back with a code');
}
