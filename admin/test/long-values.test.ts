import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * No value widens a list: a 20,000-character log message, a 255-character street and agency name are cut to one
 * line with the whole value on hover, and the pages stay as wide as the window at 1280 and 1440 px.
 */

let db: TestDatabase;
const LONG_STREET = `${'Long Street '.repeat(21)}End`.slice(0, 255);
const LONG_AGENCY = `${'Lettings '.repeat(28)}Ltd`.slice(0, 255);
const LONG_LOG = `Unexpected answer: ${'x'.repeat(20_000)}`;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  await db.knex('houses').where({ id: 1 }).update({ street_name: LONG_STREET });
  const agency = await db.knex('agencies').where({ group_id: 1 }).orderBy('id').first('id');
  await db.knex('agencies').where({ id: agency.id }).update({ name: LONG_AGENCY });
  await db.knex('system_logs').insert({ severity: 'ERROR', message: LONG_LOG, source: 'site' });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

describe.each([1440, 1280])('at %i px', (width) => {
  it.each([
    ['House', LONG_STREET],
    ['Agency', LONG_AGENCY],
    ['SystemLog', LONG_LOG],
  ])('keeps the %s list within the window, the long value on one line with the whole of it on hover', async (resource, value) => {
    const page = await (await running.browser().newContext({ locale: 'en-GB', viewport: { width, height: 900 } })).newPage();
    await signInToBackOffice(page, running.product().baseUrl, 'staff@demo.test', `/admin/1/${resource}`);
    const cell = page.locator(`tbody [title="${value.replace(/"/g, '\\"')}"]`).first();
    await cell.waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    expect((await cell.boundingBox())!.width).toBeLessThanOrEqual(320);
    // The buttons above the list stay in view.
    const exportBox = await page.getByRole('button', { name: 'Export' }).boundingBox();
    expect(exportBox!.x + exportBox!.width).toBeLessThanOrEqual(width);
    await page.context().close();
  });
});
