import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CONTRACT_STATUSES, HOUSE_STATUSES, labelFor } from '@app/api/rules';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { seriousViolations, waitUntil } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * The busy lists' status tabs and saved filters (react-admin's demo Orders list and <SavedQueriesList>): a tab
 * per status in words filters the list; the filter staff made is saved under a name and picked again later,
 * from the list's side at a desktop's width and from the "Add filter" menu on a phone.
 */

let db: TestDatabase;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

const SCREENSHOTS = path.join(process.env.DATA_DIR ?? '.data', 'screenshots');
fs.mkdirSync(SCREENSHOTS, { recursive: true });

/** A new browser context (another machine: nothing in its storage), signed in. */
async function newPage(width: number, email = 'staff@demo.test'): Promise<Page> {
  const page = await (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width, height: 900 } })).newPage();
  await signInToBackOffice(page, running.product().baseUrl, email);
  return page;
}

/** The list has loaded: rows, or its empty message, and no spinner. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await waitUntil(page, "!document.querySelector('[role=progressbar]') && (!!document.querySelector('tbody tr') || /No .* found/.test(document.body.innerText))");
}

const statuses = (page: Page) => page.locator('tbody tr td.column-status').allInnerTexts();

/** The list shows rows of this status only (or none): react-admin keeps the last rows on screen while it asks for the new ones. */
async function onlyStatus(page: Page, label: string): Promise<void> {
  await waitUntil(
    page,
    `(() => { const cells = [...document.querySelectorAll('tbody tr td.column-status')].map((cell) => cell.innerText.trim()); return cells.length ? cells.every((text) => text === ${JSON.stringify(label)}) : /No .* found/.test(document.body.innerText); })()`,
  );
}

it.each([1440, 375])('a tab per house status in words filters the Houses list (%i px)', async (width) => {
  const page = await newPage(width);
  await page.goto(`${running.product().baseUrl}/admin/1/House`);
  await settled(page);
  const tabs = page.getByRole('tablist', { name: 'Status' });
  await tabs.waitFor();
  expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['All', ...HOUSE_STATUSES.map((status) => labelFor(status, HOUSE_STATUSES))]);
  expect(await tabs.getByRole('tab', { selected: true }).innerText()).toBe('All');

  const leaving = labelFor('LEAVING', HOUSE_STATUSES);
  await tabs.getByRole('tab', { name: leaving }).click();
  await page.waitForURL(/filter=.*LEAVING/);
  await onlyStatus(page, leaving);
  const shown = (await statuses(page)).map((text) => text.trim());
  const expected = await db.knex('houses').where({ group_id: 1, status: 'LEAVING' }).count({ n: '*' });
  expect(shown.length).toBe(Math.min(25, Number(expected[0]!.n)));
  expect(shown.every((status) => status === leaving)).toBe(true);
  expect(await tabs.getByRole('tab', { selected: true }).innerText()).toBe(leaving);
  // The status filter is the tabs': the filter menu does not offer it a second time.
  await page.getByRole('button', { name: 'Add filter' }).click();
  expect(await page.getByRole('menuitemcheckbox', { name: 'Status', exact: true }).count()).toBe(0);
  await page.keyboard.press('Escape');

  await page.screenshot({ path: path.join(SCREENSHOTS, `admin-houses-tabs-${width}.png`) });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

  await tabs.getByRole('tab', { name: 'All' }).click();
  await page.waitForURL((url) => !url.search.includes('LEAVING'));
  await page.context().close();
});

it('saves the current filter under a name and picks it again from the list side (1440 px)', async () => {
  const page = await newPage(1440);
  await page.goto(`${running.product().baseUrl}/admin/1/TenantContract`);
  await settled(page);
  const active = labelFor('ACTIVE', CONTRACT_STATUSES);
  await page.getByRole('tablist', { name: 'Status' }).getByRole('tab', { name: active }).click();
  await page.waitForURL(/filter=.*ACTIVE/);
  await onlyStatus(page, active);

  const saved = page.getByRole('region', { name: 'Saved filters' });
  await saved.getByRole('button', { name: 'Save current filter…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the current filter as' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Active contracts');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await saved.getByRole('button', { name: 'Active contracts' }).waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-saved-filters-1440.png') });
  expect(await seriousViolations(page)).toEqual([]);

  // Elsewhere, then back on the list with no filter: the saved filter brings it back.
  await page.goto(`${running.product().baseUrl}/admin/1/TenantContract?filter=%7B%7D`);
  await settled(page);
  expect(await page.getByRole('tablist', { name: 'Status' }).getByRole('tab', { selected: true }).innerText()).toBe('All');
  await page.getByRole('region', { name: 'Saved filters' }).getByRole('button', { name: 'Active contracts' }).click();
  await page.waitForURL(/filter=.*ACTIVE/);
  await onlyStatus(page, active);
  expect(await page.getByRole('tablist', { name: 'Status' }).getByRole('tab', { selected: true }).innerText()).toBe(active);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1440);
  await page.context().close();

  // The filter is the account's, not the browser's: on another machine it is there; another member of staff has none.
  const elsewhere = await newPage(1440);
  await elsewhere.goto(`${running.product().baseUrl}/admin/1/TenantContract?filter=%7B%7D`);
  await settled(elsewhere);
  await elsewhere.getByRole('region', { name: 'Saved filters' }).getByRole('button', { name: 'Active contracts' }).click();
  await elsewhere.waitForURL(/filter=.*ACTIVE/);
  await elsewhere.context().close();
  const colleague = await newPage(1440, 'readonly@demo.test');
  await colleague.goto(`${running.product().baseUrl}/admin/1/TenantContract?filter=%7B%7D`);
  await settled(colleague);
  await colleague.getByRole('region', { name: 'Saved filters' }).getByText('Filter the list, then save the filter here').waitFor();
  expect(await colleague.getByRole('region', { name: 'Saved filters' }).getByRole('button', { name: 'Active contracts' }).count()).toBe(0);
  await colleague.context().close();
});

it('saves and picks filters from the "Add filter" menu on a phone (375 px)', async () => {
  const page = await newPage(375);
  await page.goto(`${running.product().baseUrl}/admin/1/HouseContract`);
  await settled(page);
  const pending = labelFor('PENDING', CONTRACT_STATUSES);
  await page.getByRole('tablist', { name: 'Status' }).getByRole('tab', { name: pending }).click();
  await page.waitForURL(/filter=.*PENDING/);
  await onlyStatus(page, pending);
  // No room for a side panel: the saved filters live in the filter menu.
  expect(await page.getByRole('region', { name: 'Saved filters' }).isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitem', { name: 'Save current filter…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the current filter as' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Pending houses');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('tablist', { name: 'Status' }).getByRole('tab', { name: 'All' }).click();
  await page.waitForURL((url) => !url.search.includes('PENDING'));
  await page.getByRole('tablist', { name: 'Status' }).getByRole('tab', { name: 'All', selected: true }).waitFor();
  await settled(page);
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitem', { name: 'Pending houses', exact: true }).click();
  await page.waitForURL(/filter=.*PENDING/);
  await onlyStatus(page, pending);
  expect(await page.getByRole('tablist', { name: 'Status' }).getByRole('tab', { selected: true }).innerText()).toBe(pending);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-saved-filters-375.png') });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  await page.context().close();
});

it.each([
  ['Payment', 'PAID', 'Paid'],
  ['MeterReading', 'APPROVED', 'Approved'],
  ['Bill', 'COMPLETE', 'Complete'],
  ['HouseVisit', 'REVIEW', 'Review'],
])('the %s list has its status tabs too', async (resource, value, tab) => {
  const page = await newPage(1440);
  await page.goto(`${running.product().baseUrl}/admin/1/${resource}`);
  await settled(page);
  const tabs = page.getByRole('tablist', { name: 'Status' });
  await tabs.getByRole('tab', { name: tab, exact: true }).click();
  await page.waitForURL(new RegExp(`filter=.*${value}`));
  await tabs.getByRole('tab', { name: tab, selected: true }).waitFor();
  await onlyStatus(page, tab);
  expect(await page.getByRole('region', { name: 'Saved filters' }).isVisible()).toBe(true);
  await page.context().close();
});

it('shows a status the tabs do not list as a tab of its own when a link filters on it (readings, Final)', async () => {
  const page = await newPage(1440);
  await page.goto(`${running.product().baseUrl}/admin/1/MeterReading?filter=${encodeURIComponent(JSON.stringify({ status: 'FINAL' }))}`);
  await onlyStatus(page, 'Final');
  const tabs = page.getByRole('tablist', { name: 'Status' });
  expect(await tabs.getByRole('tab', { selected: true }).innerText()).toBe('Final');
  expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['All', 'Pending', 'Approved', 'Approved for billing', 'Rejected', 'Dispute', 'Meter issue', 'Final']);
  await page.context().close();
});

it("reads a list's names with its rows: the first rows on screen already name the tenant and the contract, and nothing asks for them again", async () => {
  // This file signs the same member of staff in more often than the sign-in limit allows from one address in 15 minutes.
  await db.knex('rate_limit_counters').where('key', 'like', 'login:%').delete();
  const page = await newPage(1440);
  // The cells of the first rows React puts on screen, caught as they appear (a poll could miss a blank first paint).
  await page.addInitScript(`
    new MutationObserver(() => {
      if (window.firstRows) return;
      const rows = [...document.querySelectorAll('tbody tr')].filter((row) => row.querySelector('td.column-tenantId'));
      if (rows.length) window.firstRows = rows.map((row) => ['tenantId', 'houseContractId'].map((column) => row.querySelector('td.column-' + column)?.textContent?.trim() ?? ''));
    }).observe(document, { childList: true, subtree: true, characterData: true });
  `);
  const tenantReads: string[] = [];
  page.on('request', (request) => {
    if (/query allTenants\b/.test(request.postData() ?? '')) tenantReads.push(request.url());
  });
  await page.goto(`${running.product().baseUrl}/admin/1/TenantContract`);
  await settled(page);
  const firstRows = ((await page.evaluate('window.firstRows')) ?? []) as Array<[string, string]>;
  expect(firstRows.length).toBeGreaterThan(0);
  const names = await db.knex('users').whereIn('role', ['front', 'bill-payer']).select(db.knex.raw("first_name || ' ' || last_name as name")).then((rows: Array<{ name: string }>) => new Set(rows.map((row) => row.name)));
  for (const [tenant, houseContract] of firstRows) {
    expect(names.has(tenant)).toBe(true);
    expect(houseContract).not.toBe('');
  }
  // The names came in one read with the page's rows, not one more per column once the rows were drawn.
  expect(tenantReads).toHaveLength(1);
});
