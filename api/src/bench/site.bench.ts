import zlib from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { ACCOUNT_PAGE_META, PAGE_META } from '../../../site/src/pages/page-meta';
import { launchChromium } from '../testing/chromium';
import { startProduct } from '../testing/product-process';

const RUNS = 3;

/** Gzipped bytes of the JavaScript a first visit to `url` loads, and its Largest Contentful Paint in ms. */
async function measure(browser: Browser, url: string, signIn?: (context: BrowserContext) => Promise<void>, ready?: string): Promise<{ jsBytes: number; lcpMs: number }> {
  // A new context per visit: empty cache, no cookies, as a first-time visitor (or one signed in, with nothing cached).
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signIn?.(context);
  const page = await context.newPage();
  const scripts: Array<Promise<number>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => zlib.gzipSync(body).length, () => 0)); // a script still arriving as the visit ends is not part of the first load
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (ready) await page.locator(ready).first().waitFor();
  // Browser-side code as a string: the API's type-check has no DOM library.
  const lcpMs = (await page.evaluate(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve(entries[entries.length - 1].startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  })`)) as number;
  const jsBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
  await context.close();
  return { jsBytes, lcpMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * For every public page of the production build: JavaScript transferred on first load (gzipped) and
 * Largest Contentful Paint in headless Chromium, the median of three cold visits after a warm-up.
 */
export async function siteBenchmark(): Promise<void> {
  // The public pages (not the sign-in forms and protected areas, which are also known paths).
  const publicPaths = Object.keys(PAGE_META);
  const product = await startProduct();
  const browser = await launchChromium();
  try {
    const results: Array<{ path: string; jsKb: number; lcpMs: number }> = [];
    for (const pagePath of publicPaths) {
      const url = `${product.baseUrl}${pagePath}`;
      await measure(browser, url);
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, url));
      const result = { path: pagePath, jsKb: median(runs.map((r) => r.jsBytes)) / 1024, lcpMs: median(runs.map((r) => r.lcpMs)) };
      results.push(result);
      console.log(`${pagePath.padEnd(42)} js ${result.jsKb.toFixed(1).padStart(6)} KB gzip   LCP ${result.lcpMs.toFixed(0).padStart(5)} ms`);
    }
    await measureSignedIn(browser, product.baseUrl);
    const home = results.find((result) => result.path === '/')!;
    console.log(
      JSON.stringify({ bench: 'site', home_js_kb: Number(home.jsKb.toFixed(1)), max_lcp_ms: Math.round(Math.max(...results.map((r) => r.lcpMs))) }),
    );
  } finally {
    await browser.close();
    product.child.kill('SIGTERM');
    await product.exited;
  }
}

/** Signs a tenant (or an agent) in through the API and returns how to give a browser context that session. */
async function tenantSession(baseUrl: string, email: string): Promise<(context: BrowserContext) => Promise<void>> {
  const portal = email === 'energybill@demo.test' ? { portal: 'ENERGY_BILL' } : email === 'agent@demo.test' ? { userRole: 'agent' } : {};
  const res = await fetch(`${baseUrl}/api/v2/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation ($input: LoginInput!) { login(input: $input) { auth { jwtToken } role user { id email firstName lastName } } }',
      variables: { input: { email, password: 'Demo1234', ...portal } },
    }),
  });
  const login = ((await res.json()) as { data: { login: { auth: { jwtToken: string }; role: string; user: unknown } } }).data.login;
  return async (context) => {
    await context.addCookies([{ name: 'token', value: login.auth.jwtToken, url: baseUrl }]);
    await context.addInitScript(`localStorage.setItem('session', ${JSON.stringify(JSON.stringify({ role: login.role, user: login.user }))})`);
  };
}

/**
 * The signed-in tenant and agent pages: the session in the cookie and storage as after sign-in, nothing cached;
 * measured once the page shows its own data (its first panel). Also run alone: `npm run bench -- site-signed-in`.
 */
async function measureSignedIn(browser: Browser, baseUrl: string): Promise<void> {
  const signedIn: Array<{ path: string; jsKb: number; lcpMs: number }> = [];
  const sessions = new Map<string, (context: BrowserContext) => Promise<void>>();
  /** One page as `email` sees it: a warm-up load, then the median of RUNS, once `ready` (its own data) shows. */
  const measurePage = async (pagePath: string, email: string, ready: string) => {
    if (!sessions.has(email)) sessions.set(email, await tenantSession(baseUrl, email));
    const session = sessions.get(email)!;
    const url = `${baseUrl}${pagePath}`;
    await measure(browser, url, session, ready);
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, url, session, ready));
    const result = { path: pagePath, jsKb: median(runs.map((r) => r.jsBytes)) / 1024, lcpMs: median(runs.map((r) => r.lcpMs)) };
    signedIn.push(result);
    console.log(`${pagePath.padEnd(42)} js ${result.jsKb.toFixed(1).padStart(6)} KB gzip   LCP ${result.lcpMs.toFixed(0).padStart(5)} ms   (signed in as ${email})`);
  };
  // The tenant pages, ready at the first panel of the tenant's data.
  for (const pagePath of Object.keys(ACCOUNT_PAGE_META).filter((path) => path.startsWith('/tenant-profile'))) {
    await measurePage(pagePath, pagePath === '/tenant-profile/energy-bill' ? 'energybill@demo.test' : 'tenant@demo.test', '.tenant-panel');
  }
  // The agent portal's pages, ready once the agency's data is on the page.
  for (const pagePath of ['/agent-portal/dashboard', '/agent-portal/properties', '/agent-portal/bill-packages', '/agent-portal/portfolio-usage-summary', '/agent-portal/settings']) {
    await measurePage(pagePath, 'agent@demo.test', '.agent-grid, .agent-rows');
  }
  console.log(
    JSON.stringify({ bench: 'site-signed-in', max_js_kb: Number(Math.max(...signedIn.map((r) => r.jsKb)).toFixed(1)), max_lcp_ms: Math.round(Math.max(...signedIn.map((r) => r.lcpMs))) }),
  );
}

export async function siteSignedInBenchmark(): Promise<void> {
  const product = await startProduct();
  const browser = await launchChromium();
  try {
    await measureSignedIn(browser, product.baseUrl);
  } finally {
    await browser.close();
    product.child.kill('SIGTERM');
    await product.exited;
  }
}
