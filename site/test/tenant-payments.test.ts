import type { BrowserContext, Page } from 'playwright-core';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { seriousViolations } from './site-support';

/*
 * Paying from the tenant area in Chromium, through the product's local card sandbox, as the group-2 demo tenant
 * (Stripe): a single payment by the card on file reaches the ledger once; a card is added through the
 * provider's page in a new tab and the original tab sees it appear; a Direct Debit is set up (bad bank details
 * refused under their field) and cancelled. Checked with axe at 375 and 1440 px, nothing wider than the window.
 */

let db: TestDatabase;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

const EMAIL = 'group2tenant@demo.test';

async function signedIn(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await running.browser().newContext({ viewport: { width, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${running.product().baseUrl}/signin/tenant`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${running.product().baseUrl}/tenant-profile`);
  return { context, page, errors };
}

async function checkPage(page: Page, name: string, width: number): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  await page.screenshot({ path: `.data/screenshots/tenant-${name}-${width}.png`, fullPage: true });
}

async function contractId(): Promise<number> {
  return (await db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('u.email', EMAIL).first('tc.id')).id;
}

it.each([1440, 375])('pays an amount by the card on file once, and the ledger shows it (%i px)', async (width) => {
  const { page, errors } = await signedIn(width);
  await page.goto(`${running.product().baseUrl}/tenant-profile/payments/single-payment`);
  await page.getByText(/^Card ending 4242/).waitFor();
  const amount = page.getByRole('textbox', { name: 'Amount (£)' });
  await amount.fill('twelve');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByText('Enter an amount in pounds and pence, for example 25.00').waitFor();
  const pounds = width === 1440 ? '12.34' : '7.05';
  await amount.fill(pounds);
  await page.getByRole('button', { name: `Pay £${pounds}` }).click();
  await page.getByText(`Thank you: we received £${pounds}.`).waitFor();
  await checkPage(page, 'single-payment', width);
  const pence = Math.round(Number(pounds) * 100);
  const id = await contractId();
  expect(await db.knex('payments').where({ tenant_contract_id: id, amount_pence: pence }).select('status', 'collection_status')).toEqual([{ status: 'PAID', collection_status: 'SETTLED' }]);
  expect(await db.knex('ledger_entries').where({ tenant_contract_id: id, kind: 'PAYMENT', amount_pence: -pence }).count({ n: '*' })).toEqual([{ n: 1 }]);
  expect(errors).toEqual([]);
});

it('adds a card on the provider page in a new tab; the first tab sees it appear', async () => {
  const { context, page } = await signedIn(1440);
  await page.goto(`${running.product().baseUrl}/tenant-profile/payments/info`);
  await page.getByRole('button', { name: 'Add a card' }).waitFor();
  const [checkout] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Add a card' }).click()]);
  await page.getByText("The process of adding a card has started and the card will soon appear in the tenant's payment information.").waitFor();
  await checkout.getByLabel('Card number').waitFor();
  await checkout.getByLabel('Card number').fill('5555 5555 5555 4444');
  await checkout.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Save card' }).click();
  await checkout.getByText('Card ending 4444 saved.').waitFor();
  // The first tab looks again every few seconds and finds the card.
  await page.getByText('Your new card is saved.').waitFor({ timeout: 20_000 });
  await page.getByText(/^Card ending 4444/).waitFor();
  expect(await db.knex('payment_methods').where({ tenant_contract_id: await contractId(), kind: 'CARD', card_last4: '4444', is_active: true }).count({ n: '*' })).toEqual([{ n: 1 }]);
});

it.each([1440, 375])('sets up a Direct Debit (bad details refused by field) and cancels it (%i px)', async (width) => {
  const { page } = await signedIn(width);
  await page.goto(`${running.product().baseUrl}/tenant-profile/payments/info`);
  await page.getByRole('button', { name: 'Set up a Direct Debit' }).click();
  const form = page.getByRole('form', { name: 'Set up a Direct Debit' });
  await form.getByRole('textbox', { name: /^Account holder name/ }).fill('Isla Roberts');
  await form.getByRole('textbox', { name: /^Sort code/ }).fill('10-88-00');
  await form.getByRole('textbox', { name: /^Account number/ }).fill('12345678');
  await form.getByRole('button', { name: 'Set up Direct Debit' }).click();
  await form.getByText('Account number is not valid for this sort code').waitFor();
  await form.getByText('Only the account holder can set up this Direct Debit: confirm you are the account holder').waitFor();
  await checkPage(page, 'direct-debit-form', width);
  await form.getByRole('textbox', { name: /^Account number/ }).fill('12345628');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Set up Direct Debit' }).click();
  await page.getByText(/^Your Direct Debit is set up \(reference SHB-\d{6}-\d{2}\)/).waitFor();
  await page.getByText(/^Direct Debit from account ending 5628 \(mandate pending\)/).waitFor();
  const id = await contractId();
  expect(await db.knex('direct_debit_mandates').where({ tenant_contract_id: id, status: 'PENDING' }).count({ n: '*' })).toEqual([{ n: 1 }]);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Cancel Direct Debit' }).click();
  await page.getByText('Your Direct Debit is cancelled.').waitFor();
  await page.getByRole('button', { name: 'Set up a Direct Debit' }).waitFor();
  expect(await db.knex('direct_debit_mandates').where({ tenant_contract_id: id }).whereIn('status', ['PENDING', 'ACTIVE']).count({ n: '*' })).toEqual([{ n: 0 }]);
});
