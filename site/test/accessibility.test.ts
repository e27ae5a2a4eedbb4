import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { accountFormPaths, publicPaths, useSite } from './site-support';

const site = useSite();
const AXE_SOURCE = fs.readFileSync(path.join(require.resolve('axe-core'), '..', 'axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> };

/** The serious and critical axe-core violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: an injected <script> would be refused by the product's CSP.
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate('axe.run().then((result) => result.violations)')) as Violation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
}

it.each([...publicPaths, ...accountFormPaths, '/no-such-page'])('%s has no serious or critical accessibility violation (cookie banner showing)', async (urlPath) => {
  const page = await site.browser().newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${site.product().baseUrl}${urlPath}`);
  await page.getByRole('region', { name: 'Cookies on this site' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.close();
});

it('has none with the energy-crisis modal, the cookie settings or the mobile menu open', async () => {
  const page = await site.browser().newPage({ viewport: { width: 375, height: 800 } });
  await page.goto(`${site.product().baseUrl}/`);
  await page.getByRole('button', { name: 'More Information' }).click();
  await page.getByRole('dialog', { name: 'Help with energy costs' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'More Settings' }).click();
  await page.getByRole('dialog', { name: 'Cookie settings' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});
