import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { useProductInBrowser, watchOffMachine } from '@app/api/testing';
import { ACCOUNT_PAGE_META, NOT_FOUND_META, PAGE_META } from '../src/pages/page-meta';
import knownPaths from '../src/routes/known-paths.json';
import redirects from '../src/routes/redirects.json';
import { formatTitle } from '../src/ui/meta';

export { knownPaths, redirects, PAGE_META, NOT_FOUND_META };

/** The public (marketing and information) pages: prerendered with their text. */
export const publicPaths = Object.keys(PAGE_META);
/** The sign-in and password forms anyone may open (not the reset-link pattern, not the protected areas). */
export const accountFormPaths = Object.keys(ACCOUNT_PAGE_META).filter((path) => !path.includes(':') && !path.startsWith('/tenant-profile') && !path.startsWith('/agent-portal'));

export const SITE_NAME = 'Shared House Bills';

export function expectedTitle(path: string): string {
  return formatTitle(PAGE_META[path]?.title, SITE_NAME);
}

/** One product and one Chromium for a test file, stopped after it. */
export const useSite = () => useProductInBrowser();

export { watchOffMachine };

/** Answers GET /api/v2/config with the product's own answer plus `extra`, for config the product lacks. */
export async function patchConfig(page: Page, extra: Record<string, unknown>): Promise<void> {
  await page.route('**/api/v2/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...extra } });
  });
}

/**
 * The Content-Security-Policy the product sends when TRACKER_IDS names these trackers (the API adds their
 * hosts, see security-headers.test.ts), for a page whose config patchConfig() gave tracker ids.
 */
export async function allowTrackersInPolicy(page: Page, baseUrl: string): Promise<void> {
  const hosts = 'https://www.googletagmanager.com https://www.google-analytics.com https://connect.facebook.net https://www.facebook.com';
  await page.route(
    (url) => url.origin === new URL(baseUrl).origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      const response = await route.fetch();
      const policy = (response.headers()['content-security-policy'] ?? '').replace(/(script-src|img-src|connect-src) ([^;]*)/g, `$1 $2 ${hosts}`);
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
    },
  );
}

/**
 * Waits until a browser-side expression is true. Playwright's waitForFunction polls inside the page with
 * eval, which the product's Content-Security-Policy forbids; page.evaluate runs through the DevTools
 * protocol, which the policy does not govern, so this polls from here.
 */
export async function waitUntil(page: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const AXE_SOURCE = fs.readFileSync(path.join(require.resolve('axe-core'), '..', 'axe.min.js'), 'utf8');
type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> };

/** The serious and critical axe-core violations on the page as it is now. */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // A snackbar or panel still fading in would be judged at part of its contrast: axe looks once nothing is moving
  // (endless animations, a spinner's, do not count), or after 3 s regardless.
  await waitUntil(page, "document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity)", 3_000).catch(() => undefined);
  // Evaluated through the DevTools protocol: an injected <script> would be refused by the product's CSP.
  await page.evaluate(AXE_SOURCE);
  // `within` (a selector) checks one part alone, e.g. an open dialog: axe would otherwise judge the page behind its backdrop.
  const violations = (await page.evaluate(`axe.run(${within ? JSON.stringify(within) : ''}).then((result) => result.violations)`)) as Violation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
}
