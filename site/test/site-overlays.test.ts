import type { BrowserContext, Page } from 'playwright-core';
import { counterTarget, formatCount } from '../src/pages/public/home/counter';
import { allowTrackersInPolicy, patchConfig, useSite, waitUntil, watchOffMachine } from './site-support';

const site = useSite();
let context: BrowserContext;

beforeEach(async () => {
  // A fresh context per test: no CookieConsent cookie left over from another test.
  context = await site.browser().newContext({ viewport: { width: 1440, height: 900 } });
});
afterEach(() => context.close());

async function consentCookie(): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'CookieConsent')?.value;
}

async function openHome(path = '/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${site.product().baseUrl}${path}`);
  return page;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on this site' });

describe('cookie consent', () => {
  it('Accept all stores "analytics,targeting" for 365 days and hides the banner for good', async () => {
    const page = await openHome();
    const offMachine = watchOffMachine(page);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await consentCookie()).toBe('analytics,targeting');
    const cookie = (await context.cookies()).find((c) => c.name === 'CookieConsent')!;
    const days = (cookie.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await banner(page).count()).toBe(0);
    // No tracker ids are configured here, so nothing may load even with full consent.
    expect(await page.locator('[data-tracker]').count()).toBe(0);
    expect(offMachine).toEqual([]);
  });

  it('Decline stores an empty value', async () => {
    const page = await openHome();
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await consentCookie()).toBe('');
  });

  it('More Settings saves the chosen combination, with keyboard only', async () => {
    const page = await openHome();
    await banner(page).getByRole('button', { name: 'More Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
    await dialog.waitFor();
    await expect(dialog.getByRole('switch', { name: 'Functional cookies (always on)' }).isDisabled()).resolves.toBe(true);
    const targeting = dialog.getByRole('switch', { name: 'Targeting cookies' });
    const analytics = dialog.getByRole('switch', { name: 'Analytics cookies' });
    expect([await targeting.isChecked(), await analytics.isChecked()]).toEqual([true, true]);
    await targeting.focus();
    await page.keyboard.press('Space');
    expect(await targeting.isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Agree & Close' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await consentCookie()).toBe('analytics');
    expect(await banner(page).count()).toBe(0);
  });

  it('loads consented trackers only after consent and their delay, and removes them when consent is withdrawn', async () => {
    const page = await context.newPage();
    await page.clock.install();
    await patchConfig(page, { trackerIds: { analytics: 'G-TEST', facebookPixel: 'FB-TEST' } });
    await allowTrackersInPolicy(page, site.product().baseUrl);
    // Tracker hosts are answered here, so the test never reaches the internet.
    const trackerRequests: string[] = [];
    await page.route(/^https:\/\//, (route) => {
      trackerRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    });
    await page.goto(`${site.product().baseUrl}/`);
    await banner(page).waitFor();
    await page.clock.runFor(15_000);
    expect(await page.locator('[data-tracker]').count()).toBe(0);

    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await page.clock.runFor(9_000);
    expect(await page.locator('[data-tracker]').count()).toBe(0);
    await page.clock.runFor(1_500);
    expect(await page.locator('[data-tracker]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-tracker')).sort())).toEqual([
      'analytics',
      'facebookPixel',
    ]);
    await page.clock.runFor(2_000);
    expect(await page.locator('[data-tracker="socialViewContent"]').count()).toBe(1);
    expect(trackerRequests.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
    await dialog.getByRole('switch', { name: 'Targeting cookies' }).uncheck();
    await dialog.getByRole('button', { name: 'Agree & Close' }).click();
    expect(await consentCookie()).toBe('analytics');
    expect(await page.locator('[data-tracker]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-tracker')))).toEqual(['analytics']);
  });
});

it('opens the energy-crisis modal from More Information and closes it with the x button, then with Escape', async () => {
  const page = await openHome();
  const more = page.getByRole('button', { name: 'More Information' });
  await more.click();
  const modal = page.getByRole('dialog', { name: 'Help with energy costs' });
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Close' }).click();
  await modal.waitFor({ state: 'detached' });
  await more.focus();
  await page.keyboard.press('Enter');
  await modal.waitFor();
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'detached' });
  // Focus goes back to the button that opened it.
  expect(await page.evaluate(`document.activeElement.textContent`)).toBe('More Information');
});

it('counts up to 5462 + 164 per whole month since 2022-06-20, padded to 4 digits, once visible', async () => {
  const page = await openHome();
  const counter = page.getByTestId('counter');
  expect(await counter.textContent()).toBe('1000');
  await counter.scrollIntoViewIfNeeded();
  const target = formatCount(counterTarget(new Date()));
  await waitUntil(page, `document.querySelector('[data-testid="counter"]').textContent === '${target}'`);
});

describe('header menus', () => {
  it('shows the full menu from 1356 px and the slide-out menu below it, operable by keyboard', async () => {
    const page = await openHome();
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await page.setViewportSize({ width: 1356, height: 900 });
    expect([await mainNav.isVisible(), await menuButton.isVisible()]).toEqual([true, false]);

    await page.setViewportSize({ width: 1355, height: 900 });
    expect([await mainNav.isVisible(), await menuButton.isVisible()]).toEqual([false, true]);
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    for (const label of ['Packages', 'Sustainability', 'Help Centre', 'Agents & Landlords', 'My Energy Bill', 'My account', 'Sign Up']) {
      expect(await menu.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    await menuButton.click();
    await menu.getByRole('link', { name: 'Sustainability' }).click();
    await menu.waitFor({ state: 'hidden' });
    await waitUntil(page, `location.pathname === '/sustainability'`);
  });

  it('asks once for the referring agency and shows "in partnership with" its name', async () => {
    const page = await context.newPage();
    const asked: unknown[] = [];
    await page.route('**/api/v2/graphql', async (route) => {
      const body = route.request().postDataJSON() as { query: string; variables: { input: { url: string } } };
      if (!body.query.includes('getAgencyReferralInfoByUrl')) return route.continue();
      asked.push(body.variables.input.url);
      // The real answer comes from the API (tested in api/src/modules/site); here the header's part.
      return route.fulfill({ json: { data: { getAgencyReferralInfoByUrl: { json: { referralCompanyName: 'Oakwood Lettings', slug: 'oakwood' } } } } });
    });
    await page.goto(`${site.product().baseUrl}/?ref=oakwood`);
    await page.getByText('in partnership with Oakwood Lettings').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Packages' }).click();
    await waitUntil(page, `location.pathname === '/bill-packages'`);
    expect(asked).toEqual([`${site.product().baseUrl}/?ref=oakwood`]);
  });
});

it('shows the maintenance banner when the configuration has a message', async () => {
  const page = await context.newPage();
  await patchConfig(page, { maintenanceMessage: 'Online accounts are unavailable on Sunday from 8am to 10am.' });
  await page.goto(`${site.product().baseUrl}/help`);
  await page.getByRole('status').filter({ hasText: 'Online accounts are unavailable on Sunday' }).waitFor();
});

it('shows the phone-call message instead of the quote button when online quoting is off', async () => {
  const page = await context.newPage();
  await patchConfig(page, { enabledFeatures: [], phone: '020 7946 0999' });
  await page.goto(`${site.product().baseUrl}/`);
  await page.getByText('For a free quote, give us a call on').waitFor();
  expect(await page.getByRole('link', { name: 'Get a FREE quote' }).count()).toBe(0);
  expect(await page.locator('.hero a[href="tel:02079460999"]').count()).toBe(1);
});
