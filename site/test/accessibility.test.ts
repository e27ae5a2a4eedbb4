import { accountFormPaths, publicPaths, seriousViolations, useSite } from './site-support';

const site = useSite();
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
  // The banner renders only once React has hydrated the prerendered page; a click before that does nothing.
  await page.getByRole('region', { name: 'Cookies on this site' }).waitFor();
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
