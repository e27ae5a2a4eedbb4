import type { Page } from 'playwright-core';
import { createTestDatabase, startSmtpReceiver, useProductInBrowser, waitFor, type TestDatabase } from '@app/api/testing';
import { seriousViolations } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * Getting people in: staff invite a tenant from the tenant's page, the tenant chooses a password from the
 * e-mail (read from the local SMTP receiver) and signs in; a member of staff who forgot their password resets
 * it through the back office's own pages and signs in to the back office.
 */

let db: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const running = useProductInBrowser(async () => {
  [db, smtp] = await Promise.all([createTestDatabase({ withDemoData: true }), startSmtpReceiver()]);
  return { databaseUrl: db.url, env: { SMTP_URL: smtp.url } };
});
afterAll(async () => {
  await smtp?.stop();
  await db?.drop();
});

async function newPage(width = 1440): Promise<Page> {
  return (await running.browser().newContext({ locale: 'en-GB', viewport: { width, height: 900 } })).newPage();
}

/** The link in the first e-mail to this address received after `since` messages, pointed at the product under test. */
async function linkTo(address: string, path: RegExp, since: number): Promise<string> {
  const mail = await waitFor(`the e-mail to ${address}`, () => smtp.messages.slice(since).find((m) => m.envelopeTo.includes(address) && path.test(m.body)));
  const link = new RegExp(`(http://\\S+${path.source}\\S+)`).exec(mail.body)![1]!;
  return link.replace(/^http:\/\/[^/]+/, running.product().baseUrl);
}

it('invites a tenant, who chooses a password from the welcome e-mail and signs in', async () => {
  const base = running.product().baseUrl;
  const tenantId = (await db.knex('users').where({ email: 'billpayer@demo.test' }).first('id')).id;
  const staff = await newPage();
  await signInToBackOffice(staff, base, 'staff@demo.test', `/admin/1/Tenant/${tenantId}/show`);
  const since = smtp.messages.length;
  await staff.getByTestId('invite-tenant').click();
  await staff.getByRole('button', { name: 'Send the welcome e-mail' }).click();
  await staff.getByText('Welcome e-mail sent to billpayer@demo.test').waitFor();

  const link = await linkTo('billpayer@demo.test', /\/resetpass\//, since);
  const tenant = await newPage(375);
  await tenant.goto(link);
  await tenant.getByLabel('New password', { exact: true }).fill('Welcome2026');
  await tenant.getByLabel('Repeat the new password').fill('Welcome2026');
  await tenant.getByRole('button', { name: 'Save the new password' }).click();
  await tenant.waitForURL(`${base}/forgotpass/successfulReset`);
  await tenant.goto(`${base}/signin/tenant`);
  await tenant.getByLabel('Email').fill('billpayer@demo.test');
  await tenant.getByLabel('Password').fill('Welcome2026');
  await tenant.getByRole('button', { name: 'Sign in' }).click();
  await tenant.waitForURL(`${base}/tenant-profile`);
  await staff.context().close();
  await tenant.context().close();
});

it.each([1440, 375])('lets staff reset a forgotten password through the back office pages (%i px)', async (width) => {
  const base = running.product().baseUrl;
  const page = await newPage(width);
  await page.goto(`${base}/admin-signin`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL(`${base}/admin-signin/forgot`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill('readonly@demo.test');
  const since = smtp.messages.length;
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByRole('status').waitFor();

  const link = await linkTo('readonly@demo.test', /\/admin-signin\/reset\//, since);
  await page.goto(link);
  const password = `Staff${width}x`;
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Repeat the new password/).fill(password);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByText('Your password has been changed.').waitFor();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill('readonly@demo.test');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${base}/admin/1/`);
  // The link works once.
  await page.goto(link);
  await page.getByText('This password reset link has expired or has already been used.').waitFor();
  await page.context().close();
});
