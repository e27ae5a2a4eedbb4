import type { Page } from 'playwright-core';
import { hashPassword } from '@app/api/auth';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { seriousViolations } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * The groups a staff account works for: an administrator gives a new account one group in the form; that
 * account, signed in, is taken to its group and never sees the switcher; head-office staff switch groups.
 */

let db: TestDatabase;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

async function newPage(): Promise<Page> {
  return (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width: 1440, height: 900 } })).newPage();
}

it('creates an account for group 2 only, which is taken to group 2 when it signs in', async () => {
  const group2 = await db.knex('groups').where({ id: 2 }).first('name');
  const admin = await newPage();
  await signInToBackOffice(admin, running.product().baseUrl, 'staff@demo.test', '/admin/1/BackofficeUser/create');
  await admin.getByLabel('E-mail').fill('owen.brand2@demo.test');
  await admin.getByLabel('First name').fill('Owen');
  await admin.getByLabel('Last name').fill('Price');
  await admin.getByRole('combobox', { name: 'Role' }).click();
  await admin.getByRole('option', { name: 'Administrator' }).click();
  await admin.getByRole('combobox', { name: 'Groups' }).click();
  await admin.getByRole('option', { name: group2.name }).click();
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('owen.brand2@demo.test').waitFor();
  const row = admin.getByRole('row').filter({ hasText: 'owen.brand2@demo.test' });
  await row.getByText(group2.name).waitFor();
  const account = await db.knex('users').where({ email: 'owen.brand2@demo.test' }).first('id', 'all_groups');
  expect(account.all_groups).toBe(false);
  expect(await db.knex('backoffice_user_groups').where({ user_id: account.id }).pluck('group_id')).toEqual([2]);

  await db.knex('users').where({ id: account.id }).update({ password_hash: await hashPassword('Demo1234') });
  const owen = await newPage();
  await signInToBackOffice(owen, running.product().baseUrl, 'owen.brand2@demo.test', '/admin/2/');
  await owen.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
  expect(await owen.getByLabel('Group').count()).toBe(0);
  await owen.goto(`${running.product().baseUrl}/admin/1/House`);
  await owen.waitForURL(`${running.product().baseUrl}/admin/2/`);
  await admin.context().close();
  await owen.context().close();
});

it.each([1440, 375])('lets head-office staff switch between groups (%i px: in the top bar, on a phone in the menu)', async (width) => {
  const page = await newPage();
  await page.setViewportSize({ width, height: 900 });
  await signInToBackOffice(page, running.product().baseUrl, 'staff@demo.test');
  const group2 = await db.knex('groups').where({ id: 2 }).first('name');
  if (width < 600) {
    await page.getByRole('heading', { name: "Today's work" }).waitFor();
    await page.getByRole('button', { name: /menu/i }).first().click();
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: group2.name }).click();
  await page.waitForURL(`${running.product().baseUrl}/admin/2/`);
  await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
  await page.context().close();
});
