import type { Page } from 'playwright-core';
import { enqueue, startBoss } from '@app/api';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { createKnex } from '@app/db';
import { seriousViolations, waitUntil } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * The back office's everyday pages with axe-core at a phone's width and a desktop's: the dashboard, a list,
 * a record's page, a create form and the staff list. No serious or critical violation, nothing wider than the
 * window.
 */

let db: TestDatabase;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  return { databaseUrl: db.url };
});

/** The jobs list has a row (the product made its queues when it started) (with its "Select this row" checkbox) however fast the demo's own jobs run. */
async function queueAJobForTomorrow(databaseUrl: string): Promise<void> {
  const boss = await startBoss(databaseUrl, 'sender');
  const knex = createKnex(databaseUrl, { poolMax: 1 });
  try {
    const tomorrow = new Date(Date.now() + 86_400_000);
    await knex.transaction((trx) => enqueue(boss, trx, 'outbox.deliver', { messageId: 1 }, { startAfter: tomorrow }));
  } finally {
    await boss.stop({ graceful: false, close: true });
    await knex.destroy();
  }
}
afterAll(() => db?.drop());

const PAGES = [
  ['dashboard', '/admin/1/'],
  ['houses', '/admin/1/House'],
  ['house', '/admin/1/House/1/show'],
  ['new house', '/admin/1/House/create'],
  ['staff', '/admin/1/BackofficeUser'],
  ['new role', '/admin/1/BackofficeRole/create'],
  ['jobs', '/admin/1/Job'],
  ['bill runs', '/admin/1/BillRun'],
] as const;

/** Codes staff should never read: an enum value such as COMPLETED_WITH_FAILURES or CHANGE_TO_BILL. */
const DEVELOPER_TEXT = /\b[A-Z]{2,}(?:_[A-Z0-9]+)+\b/g;

let page: Page;
beforeAll(async () => {
  await queueAJobForTomorrow(db.url);
  page = await (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London' })).newPage();
  await signInToBackOffice(page, running.product().baseUrl, 'staff@demo.test');
});

describe.each([1440, 375])('at %i px', (width) => {
  it.each(PAGES)('%s has no serious axe violation and fits the window', async (name, path) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${running.product().baseUrl}${path}`);
    await page.locator('main').first().waitFor();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await waitUntil(page, "!document.querySelector('[role=progressbar]')");
    if (name === 'jobs') await page.getByRole('checkbox', { name: 'Select this row' }).first().waitFor();
    await page.screenshot({ path: `.data/screenshots/admin-${name.replace(' ', '-')}-${width}.png` });
    expect(await seriousViolations(page)).toEqual([]);
    expect((await page.locator('main').first().innerText()).match(DEVELOPER_TEXT) ?? []).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
  });
});
