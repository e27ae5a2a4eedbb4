import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * The dashboard's counts open their lists: each tile with work in it leads to a list whose total is the
 * tile's number. Screenshot at 1440 px for looking at.
 */

let db: TestDatabase;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

it("opens each count's list, which shows as many records as the count", async () => {
  const base = running.product().baseUrl;
  const page = await (await running.browser().newContext({ locale: 'en-GB', viewport: { width: 1440, height: 1000 } })).newPage();
  await signInToBackOffice(page, base, 'staff@demo.test');
  await page.getByRole('heading', { name: "Today's work" }).waitFor();
  await page.getByText('Billed').waitFor();
  await page.screenshot({ path: '.data/screenshots/admin-dashboard-work-1440.png', fullPage: true });

  const tiles = page.locator('[data-testid^="tile-"]');
  const keys = await tiles.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')!));
  let opened = 0;
  for (const key of keys) {
    const tile = page.getByTestId(key);
    const count = Number((await tile.locator('p').first().innerText()).replace(/,/g, ''));
    if (count === 0) continue;
    await tile.click();
    // react-admin's pagination says "1-25 of 40"; the job console's list says the same.
    const pagination = page.getByText(/^\d+-\d+ of \d+$/);
    await pagination.waitFor();
    expect({ key, total: Number(/of (\d+)$/.exec(await pagination.innerText())![1]) }).toEqual({ key, total: count });
    opened += 1;
    await page.goto(`${base}/admin/1/`);
    await page.getByRole('heading', { name: "Today's work" }).waitFor();
  }
  expect(opened).toBeGreaterThanOrEqual(3);
  await page.context().close();
});
