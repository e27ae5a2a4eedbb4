import { useProductInBrowser, watchOffMachine } from '@app/api/testing';

const { product, browser } = useProductInBrowser();

it('shows the hero and, with online quotes switched on in the demo data, the free-quote button', async () => {
  const page = await browser().newPage();
  const offMachine = watchOffMachine(page);
  await page.goto(`${product().baseUrl}/`);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Shared House Bills. Sorted.');
  const quote = page.getByRole('link', { name: 'Get a FREE quote' });
  await quote.waitFor();
  expect(await quote.getAttribute('href')).toBe('/signup/quote');
  expect(offMachine).toEqual([]);
});

it('has the right offer in the HTML the server sends, and nothing moves when the config arrives', async () => {
  // Without scripts: only what the server sent. Online quoting is on in the demo data.
  const noScripts = await browser().newContext({ javaScriptEnabled: false });
  const html = await noScripts.newPage();
  await html.goto(`${product().baseUrl}/`);
  expect(await html.locator('html').getAttribute('data-quoting')).toBe('on');
  expect(await html.getByRole('link', { name: 'Get a FREE quote' }).isVisible()).toBe(true);
  expect(await html.getByText('For a free quote, give us a call on').isVisible()).toBe(false);
  await noScripts.close();

  const page = await browser().newPage();
  // Every layout shift from the first paint on, as Chromium reports them.
  await page.addInitScript(`window.shifts = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.shifts.push(entry.value); }).observe({ type: 'layout-shift', buffered: true });`);
  await page.goto(`${product().baseUrl}/`);
  const cta = page.locator('.hero__cta');
  const before = await cta.boundingBox();
  await page.locator('.hero__cta:not(.cta--either)').waitFor();
  expect(await cta.boundingBox()).toEqual(before);
  expect(await page.evaluate('window.shifts.reduce((sum, value) => sum + value, 0)')).toBeLessThan(0.01);
});

it('answers an unknown address with the not-found page and HTTP 404', async () => {
  const page = await browser().newPage();
  const response = await page.goto(`${product().baseUrl}/no-such-page`);
  expect(response?.status()).toBe(404);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
});
