import type { Page } from 'playwright-core';
import { addDays, addMonths, CONTACT_MESSAGES, CONTRACT_DATE_MESSAGES, formatDisplayDate, londonDate } from '@app/api/rules';
import { useProductInBrowser } from '@app/api/testing';
import { choose, save, savedRecordUrl } from './form-helpers';
import { signInToBackOffice } from './sign-in-helpers';

const running = useProductInBrowser();

// Unique per run, so the records are easy to find in lists that already hold demo data.
// Letters only: people's names refuse digits.
const stamp = Date.now()
  .toString(36)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
const agencyName = `Headingley Lets ${stamp}`;
const street = `${stamp} Cardigan Road`;
const tenants = [
  { firstName: 'Isla', lastName: `Reed${stamp}`, email: `isla.${stamp}@example.test` },
  { firstName: 'Noah', lastName: `Shah${stamp}`, email: `noah.${stamp}@example.test` },
];
// A house contract starting in the future, lasting 10 months (at least 9, at most 14).
const today = londonDate(new Date());
const start = addDays(today, 14);
const end = addMonths(start, 10);

async function newPage(): Promise<Page> {
  return (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London' })).newPage();
}

it('lets staff create an agency, a house, a house contract and its tenants, and find each where it belongs', async () => {
  const page = await newPage();
  const { baseUrl } = running.product();
  await signInToBackOffice(page, baseUrl, 'staff@demo.test', '/admin/1/Agency/create');

  // The agency; an invalid postcode is refused under its field first.
  await page.getByLabel('Name').fill(agencyName);
  await page.getByLabel('E-mail').fill(`office.${stamp}@example.test`);
  await page.getByLabel('Street').fill('1 Otley Road');
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Postcode').fill('NOT A POSTCODE');
  await save(page);
  await page.getByText(CONTACT_MESSAGES.postcode).waitFor();
  await page.getByLabel('Postcode').fill('LS6 3AA');
  await save(page);
  const agencyUrl = await savedRecordUrl(page, 'Agency');

  // It is in the Agencies list.
  await page.goto(`${baseUrl}/admin/1/Agency`);
  await page.getByLabel('Search', { exact: true }).fill(agencyName);
  await page.getByRole('cell', { name: agencyName }).waitFor();

  // A house for that agency, added from the agency's page.
  await page.goto(agencyUrl);
  await page.getByRole('tab', { name: 'Houses' }).click();
  await page.getByRole('link', { name: 'Add house', exact: true }).click();
  await page.waitForURL(/\/House\/create$/);
  await page.getByLabel('Street').fill(street);
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Postcode').fill('LS6 3HN');
  await page.getByLabel('Bedrooms').fill('4');
  await save(page);
  const houseUrl = await savedRecordUrl(page, 'House');
  await page.goto(agencyUrl);
  await page.getByRole('tab', { name: 'Houses' }).click();
  await page.getByRole('cell', { name: street }).waitFor();

  // Its house contract, from the house's page; too short a contract is refused by the server under End date.
  await page.goto(houseUrl);
  await page.getByRole('tab', { name: 'House contracts' }).click();
  await page.getByRole('link', { name: 'Add house contract' }).click();
  await page.waitForURL(/\/HouseContract\/create$/);
  await choose(page, 'Plan type', 'Green Saver');
  await page.getByLabel('Start date').fill(start);
  await page.getByLabel('End date').fill(addMonths(start, 3));
  await page.getByLabel('Number of tenants').fill('2');
  await page.getByLabel('Customers sharing').fill('2');
  await save(page);
  await page.getByText(CONTRACT_DATE_MESSAGES.shorterThan9Months).first().waitFor();
  await page.getByLabel('End date').fill(end);
  await save(page);
  const houseContractUrl = await savedRecordUrl(page, 'HouseContract');
  await page.getByText(formatDisplayDate(start)).first().waitFor();

  // Two tenants, each with a tenant contract on that house contract.
  for (const tenant of tenants) {
    await page.goto(`${baseUrl}/admin/1/Tenant/create`);
    await page.getByLabel('E-mail').fill(tenant.email);
    await page.getByLabel('First name').fill(tenant.firstName);
    await page.getByLabel('Last name').fill(tenant.lastName);
    await save(page);
    await savedRecordUrl(page, 'Tenant');

    await page.goto(houseContractUrl);
    await page.getByRole('tab', { name: 'Tenant contracts' }).click();
    await page.getByRole('link', { name: 'Add tenant contract' }).click();
    await page.waitForURL(/\/TenantContract\/create$/);
    await page.getByRole('combobox', { name: 'Tenant' }).fill(tenant.lastName);
    await page.getByRole('option', { name: `${tenant.firstName} ${tenant.lastName}` }).click();
    await page.getByLabel('Start date').fill(start);
    await page.getByLabel('End date').fill(end);
    await choose(page, 'Payment method', 'Direct debit');
    await save(page);
    await savedRecordUrl(page, 'TenantContract');
  }

  await page.goto(houseContractUrl);
  await page.getByRole('tab', { name: 'Tenant contracts' }).click();
  for (const tenant of tenants) await page.getByRole('link', { name: `${tenant.firstName} ${tenant.lastName}` }).waitFor();
  expect(await page.getByRole('cell', { name: formatDisplayDate(start) }).count()).toBe(2);
}, 180_000);

it('shows read-only staff the houses without a Create button', async () => {
  const page = await newPage();
  const { baseUrl } = running.product();
  await signInToBackOffice(page, baseUrl, 'readonly@demo.test', '/admin/1/House');
  await page.getByRole('columnheader', { name: 'Street' }).waitFor();
  await page.getByRole('menuitem', { name: /properties and contracts/i }).waitFor();
  expect(await page.getByRole('link', { name: /create/i }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /create/i }).count()).toBe(0);
}, 90_000);
