import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { seriousViolations } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * The back office wears its group's brand (the name, colour and mark of the group's brand settings: the demo
 * group's are the site's), and its sign-in page looks like the product's (the site's header, colours, card).
 */

let db: TestDatabase;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

const SCREENSHOTS = path.join(process.env.DATA_DIR ?? '.data', 'screenshots');
fs.mkdirSync(SCREENSHOTS, { recursive: true });

/** A computed style of the element (evaluated in the page, which has the DOM these tests do not). */
type Styled = { ownerDocument: { defaultView: { getComputedStyle(element: unknown): Record<string, string> } } };
const style = (locator: Locator, property: 'backgroundColor' | 'color') => locator.evaluate((element: Styled, name) => element.ownerDocument.defaultView.getComputedStyle(element)[name]!, property);

const newPage = async (width: number) => (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width, height: 900 } })).newPage();

it.each([1440, 375])("the sign-in page is the product's: its name and mark in its header, its green (%i px)", async (width) => {
  const page = await newPage(width);
  await page.goto(`${running.product().baseUrl}/admin-signin`);
  const header = page.getByRole('banner');
  await header.getByText('Shared House Bills', { exact: true }).waitFor();
  await page.getByRole('heading', { level: 1, name: 'Back office sign in' }).waitFor();
  expect(await style(page.getByRole('button', { name: 'Sign in', exact: true }), 'backgroundColor')).toBe('rgb(15, 92, 74)');
  expect(await style(page.locator('main').locator('xpath=..'), 'backgroundColor')).toBe('rgb(245, 248, 246)');
  await page.screenshot({ path: path.join(SCREENSHOTS, `admin-sign-in-${width}.png`) });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
  await page.context().close();
});

it.each([1440, 375])("the top bar wears the group's brand: its colour and mark, its name from a tablet up (%i px)", async (width) => {
  const page = await newPage(width);
  await signInToBackOffice(page, running.product().baseUrl, 'staff@demo.test');
  await page.getByRole('heading', { name: "Today's work" }).waitFor();
  const bar = page.locator('header.MuiAppBar-root').first();
  expect(await style(bar, 'backgroundColor')).toBe('rgb(15, 92, 74)');
  expect(await style(bar, 'color')).toBe('rgb(255, 255, 255)');
  expect(await bar.locator('svg[aria-hidden="true"] rect').first().isVisible()).toBe(true);
  expect(await bar.getByText('Shared House Bills', { exact: true }).isVisible()).toBe(width >= 900);
  await page.screenshot({ path: path.join(SCREENSHOTS, `admin-brand-${width}.png`) });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

  // Group 2 has no brand settings: its own name and colour.
  await page.goto(`${running.product().baseUrl}/admin/2/`);
  await page.getByRole('heading', { name: "Today's work" }).waitFor();
  expect(await style(page.locator('header.MuiAppBar-root').first(), 'backgroundColor')).toBe('rgb(21, 101, 192)');
  await page.context().close();
});

it('follows the brand settings an operator changes (name and colour)', async () => {
  await db.knex('entity_configurations').where({ group_id: 1 }).update({ display_name: 'Leeds Student Bills', primary_colour: '#6a1b9a' });
  const page = await newPage(1440);
  await signInToBackOffice(page, running.product().baseUrl, 'staff@demo.test');
  const bar = page.locator('header.MuiAppBar-root').first();
  await bar.getByText('Leeds Student Bills', { exact: true }).waitFor();
  expect(await style(bar, 'backgroundColor')).toBe('rgb(106, 27, 154)');
  await page.context().close();
});
