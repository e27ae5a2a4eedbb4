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

it('answers an unknown address with the not-found page and HTTP 404', async () => {
  const page = await browser().newPage();
  const response = await page.goto(`${product().baseUrl}/no-such-page`);
  expect(response?.status()).toBe(404);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
});
