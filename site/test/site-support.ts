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
