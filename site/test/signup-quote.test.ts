import type { Page } from 'playwright-core';
import { patchConfig, seriousViolations, useSite, waitUntil } from './site-support';

/*
 * The quote step of sign-up in Chromium against the running product with its demo data (online quotes and
 * Unlimited switched on, Yorkshire tariffs through the next academic year): no submit button, the prices
 * follow the inputs; checked with axe, at 375 and 1440 px, nothing wider than the window, no console error.
 */

const site = useSite();

async function openQuote(width: number, before?: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const page = await site.browser().newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await before?.(page);
  await page.goto(`${site.product().baseUrl}/signup/quote`);
  // The banner appears once React has hydrated the prerendered form (until then its fields are disabled).
  await page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Decline' }).click();
  return { page, errors };
}

const results = (page: Page) => page.getByRole('region', { name: 'Your prices' });
const form = (page: Page) => page.getByRole('form', { name: 'Your house' });

/** A plan's weekly share as shown, in pence. */
async function weeklyPence(page: Page, plan: string): Promise<number> {
  const text = await results(page).getByRole('article', { name: plan }).locator('.quote-option__price strong').textContent();
  return Math.round(Number(text!.replace(/[£,]/g, '')) * 100);
}

it.each([1440, 375])('a visitor quotes LS6 1AA for 5 tenants and sees the three plans side by side (%i px)', async (width) => {
  const { page, errors } = await openQuote(width);
  await expect(results(page).getByText('Enter the postcode of the house to see prices.').isVisible()).resolves.toBe(true);
  await form(page).getByLabel('Postcode of the house').fill('LS6 1AA');
  await form(page).getByLabel('Tenants', { exact: true }).selectOption('5');
  await results(page).getByText(/^For 5 tenants at LS6 1AA \(Yorkshire\), 01\/09\/\d{4} to 31\/08\/\d{4}\./).waitFor();

  const plans = results(page).getByRole('article');
  expect(await plans.locator('h3').allTextContents()).toEqual(['Green Saver', 'Lite', 'Unlimited']);
  for (const plan of ['Green Saver', 'Lite', 'Unlimited']) {
    const card = results(page).getByRole('article', { name: plan });
    expect(await card.locator('.quote-option__price').textContent()).toMatch(/^£\d+\.\d\d a week each$/);
    expect(await card.locator('.quote-option__monthly').textContent()).toMatch(/^£\d+\.\d\d a month each$/);
    // What the share is made of, in words and pounds: the default services, TV licence not chosen.
    expect(await card.getByRole('rowheader').allTextContents()).toEqual(['Electricity', 'Gas', 'Broadband', 'Water']);
  }
  expect(await results(page).getByRole('article', { name: 'Green Saver' }).locator('.quote-option__allowance').textContent()).toMatch(
    /^Covers [\d,]+ kWh of electricity and [\d,]+ kWh of gas a year for the house \([\d,]+ kWh and [\d,]+ kWh each\)/,
  );
  expect(await results(page).getByRole('article', { name: 'Unlimited' }).locator('.quote-option__allowance').textContent()).toBe('No energy allowance: use what the house needs.');
  const lite = await weeklyPence(page, 'Lite');
  const greenSaver = await weeklyPence(page, 'Green Saver');
  expect(lite).toBeLessThan(greenSaver);
  expect(greenSaver).toBeLessThan(await weeklyPence(page, 'Unlimited'));
  // The dates priced are next academic year's, shown in the date fields.
  expect(await form(page).getByLabel('Move-in date').inputValue()).toMatch(/^\d{4}-09-01$/);

  // The price follows the inputs: adding the TV licence adds a line and costs more.
  await form(page).getByLabel('TV licence').check();
  await results(page).getByRole('article', { name: 'Lite' }).getByRole('rowheader', { name: 'TV licence' }).waitFor();
  await waitUntil(page, `document.querySelector('[aria-labelledby="plan-LITE"] .quote-option__price strong').textContent !== ${JSON.stringify(`£${(lite / 100).toFixed(2)}`)}`);
  expect(await weeklyPence(page, 'Lite')).toBeGreaterThan(lite);

  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  await page.screenshot({ path: `/tmp/signup-quote-${width}.png`, fullPage: true });
  expect(errors).toEqual([]);
  await page.close();
});

it('names the answer a visitor got wrong, at the field, and prices again once it is put right', async () => {
  const { page, errors } = await openQuote(1440);
  await form(page).getByLabel('Postcode of the house').fill('LS6 1AA');
  await results(page).getByRole('article', { name: 'Green Saver' }).waitFor();
  await form(page).getByLabel('Electricity').uncheck();
  await form(page).getByLabel('Gas').uncheck();
  const services = page.getByRole('group', { name: 'Services' });
  await services.locator('.auth-form__error').waitFor();
  expect(await services.locator('.auth-form__error').textContent()).toMatch(/electricity or gas/i);
  await expect(results(page).getByText('Check the answers marked on the left to see prices.').isVisible()).resolves.toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  await form(page).getByLabel('Gas').check();
  await results(page).getByRole('article', { name: 'Green Saver' }).waitFor();
  expect(await results(page).getByRole('article', { name: 'Green Saver' }).getByRole('rowheader').allTextContents()).toEqual(['Gas', 'Broadband', 'Water']);

  await form(page).getByLabel('Bedrooms').selectOption('2');
  const bedrooms = form(page).getByRole('combobox', { name: 'Bedrooms' });
  await page.getByText('Bedrooms must be at least the number of tenants').waitFor();
  expect(await bedrooms.getAttribute('aria-invalid')).toBe('true');
  expect(errors).toEqual([]);
  await page.close();
});

it('invites the visitor to call when online quotes are switched off', async () => {
  const { page } = await openQuote(375, (page) => patchConfig(page, { enabledFeatures: [] }));
  await page.getByText('For a free quote, give us a call on').waitFor();
  expect(await page.getByRole('form', { name: 'Your house' }).count()).toBe(0);
  await page.close();
});

it('is where the home page, the header and the old addresses send a visitor', async () => {
  const page = await site.browser().newPage();
  for (const from of ['/getaquote', '/prices']) {
    await page.goto(`${site.product().baseUrl}${from}`);
    expect(new URL(page.url()).pathname).toBe('/signup/quote');
    await page.getByRole('heading', { level: 1, name: 'Get a quote' }).waitFor();
  }
  const response = await page.goto(`${site.product().baseUrl}/signup`);
  expect(response?.status()).toBe(200);
  await page.getByRole('form', { name: 'Your house' }).waitFor();
  await page.close();
});
