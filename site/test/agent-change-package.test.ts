import type { Page } from 'playwright-core';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { addDays, addMonths, londonDate } from '@app/api/rules';
import { seriousViolations } from './site-support';

/*
 * A letting agent changes the package of a house contract that has not started, on the property's bill-packages
 * tab: the packages priced for the house, one chosen, the new price shown and the contract changed. Checked
 * with axe at 1440 and 375 px, nothing wider than the window.
 */

let db: TestDatabase;
let houseId: number;
let contractId: number;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  const agency: { id: number } = await db.knex('agencies').where({ name: 'Hyde Park Lettings' }).first('id');
  const house: { id: number; group_id: number } = await db.knex('houses').where({ agency_id: agency.id }).orderBy('id').first('id', 'group_id');
  houseId = house.id;
  const last: { end: string | null } = await db.knex('house_contracts').where({ house_id: houseId }).first(db.knex.raw('max(end_date)::text AS end'));
  const today = londonDate(new Date());
  const start = `${addMonths([addMonths(today, 2), last.end ?? today].sort().at(-1)!, 1).slice(0, 8)}01`;
  [{ id: contractId }] = await db
    .knex('house_contracts')
    .insert({ group_id: house.group_id, house_id: houseId, status: 'PENDING', billing_status: 'FUTURE', billing_type: 'PLAN', plan_type: 'GREENSAVER', sign_up_date: start, end_date: addDays(addMonths(start, 12), -1), number_of_tenants: 3, customers_sharing: 3, supply_type: 'DUAL', energy_use_type: 'MEDIUM', payment_frequency: 'MONTHLY', weekly_price_pence: 2_000 })
    .returning('id');
  for (const utility of ['electric', 'gas', 'water']) await db.knex('services').insert({ group_id: house.group_id, house_contract_id: contractId, utility_type: utility, utility_status: 'NOT_ORDERED', start_date: start });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

async function signedInAgent(width: number): Promise<Page> {
  const page = await (await running.browser().newContext({ viewport: { width, height: 900 } })).newPage();
  await page.goto(`${running.product().baseUrl}/signin/agent`);
  await page.getByLabel('Email').fill('agent@demo.test');
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${running.product().baseUrl}/agent-portal/dashboard`);
  return page;
}

it.each([[1440, 'LITE', 'Lite'], [375, 'UNLIMITED', 'Unlimited']])('changes a future contract to another package, priced for the house (%i px)', async (width, planType, name) => {
  const page = await signedInAgent(width);
  await page.goto(`${running.product().baseUrl}/agent-portal/property/${houseId}/bill-packages`);
  await page.getByRole('button', { name: 'Change package' }).click();
  const choice = page.getByRole('radio', { name: new RegExp(`^${name}: £\\d+\\.\\d\\d$`) });
  await choice.check();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  await page.screenshot({ path: `.data/screenshots/agent-change-package-${width}.png`, fullPage: true });
  const price = /£(\d+\.\d\d)$/.exec((await choice.locator('xpath=..').textContent()) ?? '')![1]!;
  await page.getByRole('button', { name: 'Change package' }).click();
  await page.getByText(`Changed to ${name}: £${price} per tenant per week. Its tenants have been told.`).waitFor();
  expect(await db.knex('house_contracts').where({ id: contractId }).first('plan_type', 'weekly_price_pence')).toEqual({ plan_type: planType, weekly_price_pence: Math.round(Number(price) * 100) });
});
