import type { Page } from 'playwright-core';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { seriousViolations, waitUntil } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * "Send message" on a house's page in the back office: the tenant of that house, signed in to the site at the
 * same time, sees the message arrive in their drawer; an agency's agents get theirs the same way; read-only
 * staff are not offered the button.
 */

let db: TestDatabase;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

async function newPage(width = 1440): Promise<Page> {
  return (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width, height: 900 } })).newPage();
}

async function userId(email: string): Promise<number> {
  return Number((await db.knex('users').where({ email }).first('id')).id);
}

/** The house of tenant@demo.test's current contract, as the database has it. */
async function tenantHouseId(): Promise<number> {
  const row = await db
    .knex('tenant_contracts as tc')
    .join('house_contracts as hc', 'hc.id', 'tc.house_contract_id')
    .where('tc.user_id', await userId('tenant@demo.test'))
    .where('hc.end_date', '>=', db.knex.raw('CURRENT_DATE'))
    .where('tc.end_date', '>=', db.knex.raw('CURRENT_DATE'))
    .first('hc.house_id');
  return Number(row.house_id);
}

async function sendMessage(page: Page, title: string, message: string): Promise<void> {
  await page.getByTestId('broadcast-message').click();
  const dialog = page.getByRole('dialog', { name: /^Send a message to/ });
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Message/).fill(message);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.waitFor({ state: 'detached' });
}

it.each([1440, 375])('sends a message from a house page that its tenant sees arrive in the drawer (%i px)', async (width) => {
  const base = running.product().baseUrl;
  const tenant = await newPage(width);
  await tenant.goto(`${base}/signin/tenant`);
  await tenant.getByLabel('Email').fill('tenant@demo.test');
  await tenant.getByLabel('Password').fill('Demo1234');
  await tenant.getByRole('button', { name: 'Sign in' }).click();
  await tenant.waitForURL(`${base}/tenant-profile`);
  await tenant.getByRole('button', { name: /^Notifications/ }).waitFor();
  const unreadBefore = await db.knex('notifications').where({ user_id: await userId('tenant@demo.test'), read: false }).count({ n: '*' }).then(([row]) => Number(row?.n));

  const houseId = await tenantHouseId();
  const staff = await newPage(width);
  await signInToBackOffice(staff, base, 'staff@demo.test', `/admin/1/House/${houseId}/show`);
  const title = `Boiler service on Friday (${width})`;
  await staff.getByTestId('broadcast-message').waitFor();
  await waitUntil(staff, "!document.querySelector('[role=progressbar]')");
  await staff.screenshot({ path: `.data/screenshots/house-show-${width}.png` });
  expect(await staff.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')).toEqual([width, width]);
  await staff.getByTestId('broadcast-message').click();
  const dialog = staff.getByRole('dialog', { name: 'Send a message to the tenants of this house' });
  // Nothing can be sent before both title and message are written.
  expect(await dialog.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  // Judged once its fade-in has ended: half-faded text has too little contrast.
  await waitUntil(staff, "(() => { for (let e = document.querySelector('[role=dialog]'); e; e = e.parentElement) if (getComputedStyle(e).opacity !== '1') return false; return true; })()");
  expect(await seriousViolations(staff, '[role="dialog"]')).toEqual([]);
  await staff.screenshot({ path: `.data/screenshots/broadcast-dialog-${width}.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await sendMessage(staff, title, 'The engineer calls between 9 and 12; please leave the boiler cupboard clear.');
  await staff.getByText(/^Message sent to \d+ (person|people)$/).waitFor();

  await tenant.getByRole('button', { name: `Notifications, ${unreadBefore + 1} unread` }).waitFor();
  await tenant.getByRole('button', { name: /^Notifications/ }).click();
  const drawer = tenant.getByRole('region', { name: 'Notifications' });
  await drawer.getByRole('button', { name: new RegExp(title.replace(/[()]/g, '\\$&')) }).click();
  await drawer.getByText('please leave the boiler cupboard clear.').waitFor();
  await staff.context().close();
  await tenant.context().close();
});

it('sends a message to the agents of an agency', async () => {
  const agentId = await userId('agent@demo.test');
  const agencyId = Number((await db.knex('agent_agencies').where({ user_id: agentId }).first('agency_id'))?.agency_id);
  const staff = await newPage();
  await signInToBackOffice(staff, running.product().baseUrl, 'staff@demo.test', `/admin/1/Agency/${agencyId}/show`);
  await sendMessage(staff, 'New tariffs from 1 January', 'Prices for new contracts change on 1 January.');
  await staff.getByText(/^Message sent to \d+ (person|people)$/).waitFor();
  expect(await db.knex('notifications').where({ user_id: agentId, title: 'New tariffs from 1 January', type: 'BROADCAST' }).count({ n: '*' }).then(([row]) => Number(row?.n))).toBe(1);
  await staff.context().close();
});

it('does not offer read-only staff the button', async () => {
  const staff = await newPage();
  await signInToBackOffice(staff, running.product().baseUrl, 'readonly@demo.test', `/admin/1/House/${await tenantHouseId()}/show`);
  await staff.getByRole('heading').first().waitFor();
  await staff.getByText(/Address|Street/).first().waitFor();
  expect(await staff.getByTestId('broadcast-message').count()).toBe(0);
  await staff.context().close();
});
