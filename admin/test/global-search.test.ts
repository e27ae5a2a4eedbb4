import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { seriousViolations } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/* The search box in the top bar: a postcode finds its house, choosing it opens the house's page; "/" opens it. */

let db: TestDatabase;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

it.each([1440, 375])('finds a house by postcode and opens its page (%i px)', async (width) => {
  const base = running.product().baseUrl;
  const house = await db.knex('houses').where({ group_id: 1 }).orderBy('id').first('id', 'street_name', 'post_code');
  const page = await (await running.browser().newContext({ locale: 'en-GB', viewport: { width, height: 900 } })).newPage();
  await signInToBackOffice(page, base, 'staff@demo.test');
  await page.getByRole('heading', { name: "Today's work" }).waitFor();
  await page.keyboard.press('/');
  const box = page.getByRole('combobox', { name: 'Search everywhere' });
  await box.fill(house.post_code);
  const option = page.getByRole('option', { name: `${house.street_name}, ${house.post_code}` });
  await option.waitFor();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
  await option.click();
  await page.waitForURL(`${base}/admin/1/House/${house.id}/show`);
  await page.getByText(house.street_name).first().waitFor();
  await page.context().close();
});
