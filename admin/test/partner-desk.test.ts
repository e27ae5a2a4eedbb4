import type { Page } from 'playwright-core';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * A partner's field desk in the back office: its menu offers exactly what its role opens (each entry lists
 * rows, none is refused), it sees only its partner's visits, and a page outside its role says so without
 * signing it out.
 */

let db: TestDatabase;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

async function partnerPage(): Promise<Page> {
  const page = await (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width: 1440, height: 900 } })).newPage();
  await signInToBackOffice(page, running.product().baseUrl, 'partner@demo.test');
  return page;
}

it("offers a partner only the menu entries its role opens, each of which lists the partner's rows", async () => {
  const page = await partnerPage();
  // Every request of the pages, to know when they are all answered and which were refused.
  let inFlight = 0;
  const refused: string[] = [];
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', () => (inFlight -= 1));
  page.on('requestfailed', () => (inFlight -= 1));
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.url()} ${response.request().postData() ?? ''}`.slice(0, 300));
  });
  const settled = async () => {
    for (let quietSince = Date.now(); Date.now() - quietSince < 500; await new Promise((resolve) => setTimeout(resolve, 50))) if (inFlight > 0) quietSince = Date.now();
  };
  const menu = page.locator('.RaSidebar-fixed, .RaSidebar-paper').first();
  await menu.getByRole('menuitem').first().waitFor();
  // The pages of the menu's sections (the section headings are menu items too, which open and close them).
  const entries = (await menu.getByRole('group').getByRole('menuitem').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  // Its role: meter readings and visits; the houses and meters they are in are readable with them.
  expect(entries.sort()).toEqual(['House visits', 'Houses', 'Meter readings', 'Meters']);
  for (const entry of entries) {
    await menu.getByRole('menuitem', { name: entry }).click();
    await page.getByRole('heading', { name: entry }).waitFor();
    await page.locator('table tbody tr, .RaList-noResults, .RaEmpty-message').first().waitFor();
    // Every column's records read: a reference the partner may not read (a house's agency) is not a column of theirs.
    await settled();
    expect([entry, refused]).toEqual([entry, []]);
    expect(await page.getByText('You do not have access to this').count()).toBe(0);
  }
  await page.context().close();
});

it('lists only its own partner\'s visits', async () => {
  const page = await partnerPage();
  await page.goto(`${running.product().baseUrl}/admin/1/HouseVisit`);
  await page.locator('table tbody tr').first().waitFor();
  await page.screenshot({ path: '.data/screenshots/partner-visits-1440.png' });
  const partnerId = (await db.knex('users').where({ email: 'partner@demo.test' }).first('partner_id')).partner_id;
  const own = Number((await db.knex('house_visits').where({ partner_id: partnerId }).count({ n: '*' }))[0]!.n);
  expect(await page.locator('table tbody tr').count()).toBe(own);
  await page.context().close();
});

it('says a page outside its role is not for it, and stays signed in', async () => {
  const page = await partnerPage();
  await page.goto(`${running.product().baseUrl}/admin/1/LedgerEntry`);
  await page.getByText('You do not have access to this').first().waitFor();
  expect(page.url()).toContain('/admin/1/');
  await page.goto(`${running.product().baseUrl}/admin/1/HouseVisit`);
  await page.locator('table tbody tr').first().waitFor();
  await page.context().close();
});

it('says a call the server refuses is not for the user, without signing them out (only a 401 does)', async () => {
  const page = await (await running.browser().newContext({ locale: 'en-GB', viewport: { width: 1440, height: 900 } })).newPage();
  await signInToBackOffice(page, running.product().baseUrl, 'readonly@demo.test');
  // The role loses meter readings while the user is signed in: the screens still offer them, the server refuses.
  const role = await db.knex('backoffice_roles').where({ name: 'Read only' }).first('id', 'permissions');
  const permissions = typeof role.permissions === 'string' ? JSON.parse(role.permissions) : role.permissions;
  await db.knex('backoffice_roles').where({ id: role.id }).update({ permissions: JSON.stringify({ ...permissions, meterReadings: 'NONE' }) });
  try {
    await page.goto(`${running.product().baseUrl}/admin/1/MeterReading`);
    await page.getByText('You do not have access to this').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/1/MeterReading');
    await page.goto(`${running.product().baseUrl}/admin/1/House`);
    await page.locator('table tbody tr').first().waitFor();
  } finally {
    await db.knex('backoffice_roles').where({ id: role.id }).update({ permissions: JSON.stringify(permissions) });
  }
  await page.context().close();
});
