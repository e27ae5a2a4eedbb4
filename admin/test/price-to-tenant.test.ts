import type { Page } from 'playwright-core';
import { createTestDatabase, startSmtpReceiver, useProductInBrowser, waitFor, type TestDatabase } from '@app/api/testing';
import { choose, save, savedRecordUrl } from './form-helpers';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * From a price to a tenant signed in, as staff work it: price a Leeds house on Pricing → Price a house, start
 * its house contract at the quoted weekly price, add a tenant and their tenant contract, invite them; the tenant
 * chooses a password from the welcome e-mail (read from the local SMTP receiver) and signs in to their area.
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
  return (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width, height: 900 } })).newPage();
}

it('prices a house, contracts it at the quoted price and invites its tenant, who signs in', async () => {
  const base = running.product().baseUrl;
  // Letters only: people's names refuse digits.
  const stamp = Date.now().toString(36).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
  const street = `${stamp} Headingley Lane`;
  await db.knex('houses').insert({ group_id: 1, street_name: street, city_name: 'Leeds', post_code: 'LS6 1BN', bedrooms: 3 });
  const tenant = { firstName: 'Ava', lastName: `Lane${stamp}`, email: `ava.${stamp}@example.test` };

  const staff = await newPage();
  await signInToBackOffice(staff, base, 'staff@demo.test', '/admin/1/quote');
  await staff.getByRole('textbox', { name: 'Postcode' }).fill('LS6 1BN');
  await staff.getByLabel('Bedrooms', { exact: true }).fill('3');
  await staff.getByLabel('Tenants', { exact: true }).fill('3');
  await staff.getByRole('button', { name: 'Price it' }).click();
  const heading = staff.getByTestId('quote-answer').getByRole('heading', { level: 2 });
  await heading.waitFor();
  const weeklyPounds = /^£(\d+\.\d\d) per tenant a week$/.exec((await heading.innerText()).trim())![1]!;
  const start = await staff.getByLabel('Start').inputValue();

  // The contract starts from the quote: its price, dates and tenants already filled in; staff pick the house.
  await staff.getByRole('button', { name: 'Start a house contract at this price' }).click();
  await staff.waitForURL(/\/HouseContract\/create$/);
  await staff.getByRole('combobox', { name: 'House', exact: true }).fill(stamp);
  await staff.getByRole('option', { name: new RegExp(street) }).click();
  await save(staff);
  const houseContractUrl = await savedRecordUrl(staff, 'HouseContract');
  const houseContractId = Number(/HouseContract\/(\d+)\/show/.exec(houseContractUrl)![1]);
  expect(await db.knex('house_contracts').where({ id: houseContractId }).first('weekly_price_pence', 'number_of_tenants')).toEqual({ weekly_price_pence: Math.round(Number(weeklyPounds) * 100), number_of_tenants: 3 });

  // Its first tenant and their contract.
  await staff.goto(`${base}/admin/1/Tenant/create`);
  await staff.getByLabel('E-mail').fill(tenant.email);
  await staff.getByLabel('First name').fill(tenant.firstName);
  await staff.getByLabel('Last name').fill(tenant.lastName);
  await save(staff);
  const tenantUrl = await savedRecordUrl(staff, 'Tenant');
  await staff.goto(houseContractUrl);
  await staff.getByRole('tab', { name: 'Tenant contracts' }).click();
  await staff.getByRole('link', { name: 'Add tenant contract' }).click();
  await staff.waitForURL(/\/TenantContract\/create$/);
  await staff.getByRole('combobox', { name: 'Tenant' }).fill(tenant.lastName);
  await staff.getByRole('option', { name: `${tenant.firstName} ${tenant.lastName}` }).click();
  await staff.getByLabel('Start date').fill(start);
  await staff.getByLabel('End date').fill(await db.knex('house_contracts').where({ id: houseContractId }).first(db.knex.raw(`end_date::text AS end`)).then((row: { end: string }) => row.end));
  await choose(staff, 'Payment method', 'Direct debit');
  await save(staff);
  await savedRecordUrl(staff, 'TenantContract');

  // The invitation, the password chosen from the e-mail, the tenant's own area.
  await staff.goto(tenantUrl);
  const since = smtp.messages.length;
  await staff.getByTestId('invite-tenant').click();
  await staff.getByRole('button', { name: 'Send the welcome e-mail' }).click();
  await staff.getByText(`Welcome e-mail sent to ${tenant.email}`).waitFor();
  const mail = await waitFor(`the e-mail to ${tenant.email}`, () => smtp.messages.slice(since).find((m) => m.envelopeTo.includes(tenant.email) && /\/resetpass\//.test(m.body)));
  const link = /(http:\/\/\S+\/resetpass\/\S+)/.exec(mail.body)![1]!.replace(/^http:\/\/[^/]+/, base);

  const person = await newPage(375);
  await person.goto(link);
  await person.getByLabel('New password', { exact: true }).fill('Headingley2026');
  await person.getByLabel('Repeat the new password').fill('Headingley2026');
  await person.getByRole('button', { name: 'Save the new password' }).click();
  await person.waitForURL(`${base}/forgotpass/successfulReset`);
  await person.goto(`${base}/signin/tenant`);
  await person.getByLabel('Email').fill(tenant.email);
  await person.getByLabel('Password').fill('Headingley2026');
  await person.getByRole('button', { name: 'Sign in' }).click();
  await person.waitForURL(`${base}/tenant-profile`);
  await person.getByText(`Welcome back, ${tenant.firstName}.`).waitFor();
  await staff.context().close();
  await person.context().close();
}, 180_000);
