import type { BrowserContext, Page } from 'playwright-core';
import { createTestDatabase, startSmtpReceiver, useProductInBrowser, waitFor, type ReceivedMail, type TestDatabase } from '@app/api/testing';
import { signInToBackOffice } from '../../admin/test/sign-in-helpers';
import { seriousViolations } from './site-support';

/*
 * Sign-up in Chromium against the running product (demo data, local card sandbox, local SMTP): the first of a
 * house of two prices it, signs up with a card added on the provider's page in a new tab and invites a
 * housemate; the housemate joins from the e-mailed link and pays by Direct Debit; both confirm their address
 * from the welcome e-mail and sign in to the tenant area; the house is there for staff with both contracts,
 * their schedules and the mandate. An energy-bill customer signs up through /my-energy-bill/signup.
 * Every step is checked with axe, nothing wider than the window, at 375 px (the lead) and 1440 px (the rest).
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

const LEAD = 'lead.tenant@example.test';
const MATE = 'second.tenant@example.test';
const BILL_PAYER = 'energy.only@example.test';
const PASSWORD = 'Fresher2026';
const screens: Record<string, number> = {};

async function open(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await running.browser().newContext({ viewport: { width, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** A step as a visitor meets it: its heading, axe, nothing wider than the window; counted as one screen of input. */
async function step(page: Page, journey: string, heading: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  screens[journey] = (screens[journey] ?? 0) + 1;
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `.data/screenshots/signup-${journey}-${screens[journey]}-${width}.png`, fullPage: true });
}

async function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  return waitFor(`an e-mail to ${address}`, () => smtp.messages.find((mail) => mail.envelopeTo.includes(address) && subject.test(String(mail.headers.subject))), 20_000);
}

function linkIn(mail: ReceivedMail, path: string): string {
  const found = mail.body.match(new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`));
  if (!found) throw new Error(`no ${path} link in: ${mail.body}`);
  return found[0].replace(/&amp;/g, '&');
}

async function fillTenant(page: Page, tenant: { first: string; last: string; email?: string; mobile: string; born: string }): Promise<void> {
  await page.getByLabel('First name').fill(tenant.first);
  await page.getByLabel('Last name').fill(tenant.last);
  if (tenant.email) await page.getByLabel('E-mail address').fill(tenant.email);
  await page.getByLabel(/^Mobile number/).fill(tenant.mobile);
  await page.getByLabel('Date of birth').fill(tenant.born);
}

async function createAccount(page: Page): Promise<void> {
  await page.getByLabel(/^Password/).first().fill(PASSWORD);
  await page.getByLabel('Password again').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  await page.getByRole('button', { name: 'Create my account' }).click();
}

async function signIn(page: Page, email: string, path: string): Promise<void> {
  await page.goto(`${running.product().baseUrl}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

it('the first of a house of two signs up with a card and invites a housemate, who joins and pays by Direct Debit; both sign in', async () => {
  const base = running.product().baseUrl;
  // The lead, on a phone.
  const lead = await open(375);
  await lead.page.goto(`${base}/signup/quote`);
  await lead.page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Decline' }).click();
  await step(lead.page, 'lead', 'Get a quote');
  await lead.page.getByLabel('Postcode of the house').fill('LS6 1AA');
  await lead.page.getByLabel('Tenants', { exact: true }).selectOption('2');
  const lite = lead.page.getByRole('article', { name: 'Lite' });
  await lite.waitFor();
  await lead.page.getByText(/^For 2 tenants at LS6 1AA/).waitFor();
  const weekly = (await lite.locator('.quote-option__price strong').textContent())!;
  await lite.getByRole('button', { name: 'Sign up with Lite' }).click();

  await step(lead.page, 'lead', 'Your house and services');
  await lead.page.getByRole('button', { name: 'Find address' }).click();
  await lead.page.getByRole('button', { name: /^7 Brudenell Road/ }).click();
  await waitFor('the chosen address in the form', async () => (await lead.page.getByLabel('Address line 1').inputValue()) === '7 Brudenell Road');
  expect(await lead.page.getByLabel('Town or city').inputValue()).toBe('Leeds');
  await lead.page.getByRole('button', { name: 'Continue' }).click();

  await step(lead.page, 'lead', 'About you');
  await lead.page.getByRole('button', { name: 'Continue' }).click();
  await lead.page.getByText('Enter your first name').waitFor();
  await fillTenant(lead.page, { first: 'Amara', last: 'Okafor', email: LEAD, mobile: '07700 900123', born: '2006-03-14' });
  await lead.page.getByLabel('Housemate 1’s e-mail').fill(MATE);
  await lead.page.getByRole('button', { name: 'Continue' }).click();

  await step(lead.page, 'lead', 'Finishing touches');
  await lead.page.getByRole('radio', { name: /Debit or credit card/ }).check();
  await lead.page.getByLabel('Payment day', { exact: true }).selectOption('15');
  await lead.page.getByRole('button', { name: 'Continue' }).click();

  await step(lead.page, 'lead', 'Check your answers');
  await lead.page.getByText(`Your share: ${weekly} a week`).waitFor();
  await lead.page.getByText('7 Brudenell Road, Leeds, LS6 1AA').waitFor();
  // Refresh-safe: the answers are on the server, not only in the page.
  await lead.page.reload();
  await lead.page.getByText(MATE).waitFor();
  await lead.page.getByRole('button', { name: 'Continue' }).click();

  await step(lead.page, 'lead', 'Create your account');
  await lead.page.getByLabel(/^Password/).first().fill('short');
  await lead.page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  await lead.page.getByRole('button', { name: 'Create my account' }).click();
  await lead.page.locator('#signup-password-error').waitFor();
  await createAccount(lead.page);

  await step(lead.page, 'lead', 'Add your card');
  const [checkout] = await Promise.all([lead.context.waitForEvent('page'), lead.page.getByRole('button', { name: 'Add your card' }).click()]);
  await lead.page.getByText("The process of adding a card has started and the card will soon appear in the tenant's payment information.").waitFor();
  await checkout.getByLabel('Card number').fill('5555 5555 5555 4444');
  await checkout.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Save card' }).click();
  // The provider's card page is a screen of input too.
  screens.lead = (screens.lead ?? 0) + 1;
  // The first tab asks every few seconds and sees the card arrive.
  await lead.page.getByText('Your card is saved.').waitFor({ timeout: 30_000 });
  await lead.page.getByRole('button', { name: 'Finish' }).click();
  await step(lead.page, 'lead', 'You’re signed up!');
  await lead.page.getByText('Your house: 1 of 2 signed.', { exact: false }).waitFor();
  expect(lead.errors).toEqual([]);

  // The housemate, at a desk, from the invitation e-mail.
  const invitation = await mailTo(MATE, /invit|join/i);
  const mate = await open(1440);
  await mate.page.goto(linkIn(invitation, '/signup/join?'));
  await mate.page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Decline' }).click();
  // The link carries the house and the e-mail: the house is looked up at once.
  await mate.page.getByText('1 of 2 signed').waitFor();
  await step(mate.page, 'housemate', 'Join your house');
  await mate.page.getByText(`${weekly} a week`, { exact: false }).waitFor();
  await mate.page.getByRole('button', { name: 'Join this house' }).click();

  await step(mate.page, 'housemate', 'About you');
  expect(await mate.page.getByLabel('E-mail address').inputValue()).toBe(MATE);
  await fillTenant(mate.page, { first: 'Ben', last: 'Hughes', mobile: '07700 900456', born: '2005-11-02' });
  await mate.page.getByRole('button', { name: 'Continue' }).click();
  await step(mate.page, 'housemate', 'Finishing touches');
  await mate.page.getByRole('radio', { name: /Direct Debit/ }).check();
  await mate.page.getByRole('button', { name: 'Continue' }).click();
  await step(mate.page, 'housemate', 'Check your answers');
  await mate.page.getByRole('button', { name: 'Continue' }).click();
  await step(mate.page, 'housemate', 'Create your account');
  await createAccount(mate.page);
  await step(mate.page, 'housemate', 'Set up your Direct Debit');
  await mate.page.getByLabel('Name on the account').fill('Ben Hughes');
  await mate.page.getByLabel(/^Sort code/).fill('10-88-00');
  await mate.page.getByLabel('Account number').fill('12345678');
  // Checked as typed: this account number fails the sort code's modulus check.
  await mate.page.getByText('Account number is not valid for this sort code').waitFor();
  await mate.page.getByLabel('Account number').fill('12345628');
  await mate.page.getByRole('checkbox', { name: /I am the account holder/ }).check();
  await mate.page.getByRole('button', { name: 'Set up my Direct Debit' }).click();
  await step(mate.page, 'housemate', 'You’re signed up!');
  expect(mate.errors).toEqual([]);

  // Both confirm their address from the welcome e-mail, then sign in to their own account.
  for (const [email, page] of [
    [LEAD, lead.page],
    [MATE, mate.page],
  ] as const) {
    await signIn(page, email, '/signin/tenant');
    await page.getByText('You must confirm your account first!').waitFor();
    const welcome = await mailTo(email, /welcome/i);
    await page.goto(linkIn(welcome, '/signup-complete?confirm='));
    await page.getByText(`Thank you: ${email} is confirmed.`).waitFor();
    await signIn(page, email, '/signin/tenant');
    await page.waitForURL(`${base}/tenant-profile`);
  }

  // What staff see: one house, two tenant contracts of their own share, each with its schedule; the mandate.
  const contracts = await db
    .knex('tenant_contracts as tc')
    .join('users as u', 'u.id', 'tc.user_id')
    .join('house_contracts as hc', 'hc.id', 'tc.house_contract_id')
    .join('houses as h', 'h.id', 'hc.house_id')
    .whereIn('u.email', [LEAD, MATE])
    .orderBy('u.email')
    .select('u.email', 'tc.payment_method', 'hc.id as house_contract_id', 'hc.plan_type', 'h.id as house_id');
  expect(contracts.map((c: { email: string; payment_method: string; plan_type: string }) => [c.email, c.payment_method, c.plan_type])).toEqual([
    [LEAD, 'CREDIT_CARD', 'LITE'],
    [MATE, 'DIRECT_DEBIT', 'LITE'],
  ]);
  expect(new Set(contracts.map((c: { house_contract_id: number }) => c.house_contract_id)).size).toBe(1);
  const ids = (await db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').whereIn('u.email', [LEAD, MATE]).pluck('tc.id')) as number[];
  expect(await db.knex('payment_schedules').whereIn('tenant_contract_id', ids).countDistinct({ n: 'tenant_contract_id' })).toEqual([{ n: 2 }]);
  expect(await db.knex('direct_debit_mandates as m').join('tenant_contracts as tc', 'tc.id', 'm.tenant_contract_id').join('users as u', 'u.id', 'tc.user_id').where('u.email', MATE).pluck('m.status')).toEqual(['PENDING']);
  expect(await db.knex('payment_methods as pm').join('tenant_contracts as tc', 'tc.id', 'pm.tenant_contract_id').join('users as u', 'u.id', 'tc.user_id').where({ 'u.email': LEAD, 'pm.is_active': true }).pluck('pm.card_last4')).toEqual(['4444']);
  // Staff find the house's two tenant contracts in the back office, by name, with how each pays.
  const staff = await open(1440);
  await signInToBackOffice(staff.page, base, 'staff@demo.test', '/admin/1/');
  await staff.page.goto(`${base}/admin/1/TenantContract?filter=${encodeURIComponent(JSON.stringify({ houseContractId: contracts[0].house_contract_id }))}`);
  const rows = staff.page.locator('.RaDatagrid-tbody tr');
  await waitFor('both tenant contracts listed', async () => (await rows.count()) === 2);
  const listed = (await rows.allInnerTexts()).join('\n');
  for (const words of ['Amara Okafor', 'Ben Hughes', 'Credit card', 'Direct debit']) expect(listed.toLowerCase()).toContain(words.toLowerCase());

  // A visitor who knows their house: the quote to /signup-complete in at most 12 screens of input.
  expect(screens.lead).toBeLessThanOrEqual(12);
  console.log(`screens of input: lead ${screens.lead}, housemate ${screens.housemate}`);
  // Two people's whole sign-ups, two confirmations and a staff check: about a minute on a quiet 2-core machine.
}, 240_000);

it('an energy-bill customer signs up through /my-energy-bill/signup and pays each bill themselves', async () => {
  const base = running.product().baseUrl;
  const { page, errors } = await open(1440);
  await page.goto(`${base}/my-energy-bill/signup`);
  await page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Decline' }).click();
  await step(page, 'energy-bill', 'Your home');
  expect(new URL(page.url()).pathname).toBe('/my-energy-bill/signup/house');
  // Continue before giving an address: the fields say what is missing, and say nothing more once it is found.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Enter the first line of the address').waitFor();
  await page.getByLabel('Find the address by postcode').fill('LS6 1AA');
  await page.getByRole('button', { name: 'Find address' }).click();
  await page.getByRole('button', { name: /^9 Brudenell Road/ }).click();
  await waitFor('the chosen address in the form', async () => (await page.getByLabel('Address line 1').inputValue()) === '9 Brudenell Road');
  expect(await page.getByText('Enter the first line of the address').count()).toBe(0);
  expect(await page.getByText('Enter the postcode').count()).toBe(0);
  await page.getByLabel('People living there').selectOption('3');
  await page.getByLabel('Bill starts on').fill(nextSeptember());
  await page.getByLabel('Tenancy ends on').fill(`${Number(nextSeptember().slice(0, 4)) + 1}-08-31`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await step(page, 'energy-bill', 'Your estimate');
  await page.getByText(/^About £\d+\.\d\d a month/).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await step(page, 'energy-bill', 'About you');
  await fillTenant(page, { first: 'Chloe', last: 'Davies', email: BILL_PAYER, mobile: '07700 900789', born: '2001-06-30' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await step(page, 'energy-bill', 'How you pay');
  await page.getByRole('radio', { name: /Pay each bill myself/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await step(page, 'energy-bill', 'Check your answers');
  await page.getByText('9 Brudenell Road, Leeds, LS6 1AA').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await step(page, 'energy-bill', 'Create your account');
  await createAccount(page);
  await step(page, 'energy-bill', 'You’re signed up!');
  expect(await db.knex('house_contracts as hc').join('tenant_contracts as tc', 'tc.house_contract_id', 'hc.id').join('users as u', 'u.id', 'tc.user_id').where('u.email', BILL_PAYER).select('hc.billing_type', 'tc.payment_method')).toEqual([
    { billing_type: 'BILL', payment_method: 'PAY_ON_RECEIPT' },
  ]);
  expect(await db.knex('payment_schedules as s').join('tenant_contracts as tc', 'tc.id', 's.tenant_contract_id').join('users as u', 'u.id', 'tc.user_id').where('u.email', BILL_PAYER).count({ n: '*' })).toEqual([{ n: 0 }]);
  const welcome = await mailTo(BILL_PAYER, /welcome/i);
  await page.goto(linkIn(welcome, '/signup-complete?confirm='));
  await page.getByText(`Thank you: ${BILL_PAYER} is confirmed.`).waitFor();
  await signIn(page, BILL_PAYER, '/my-energy-bill/login');
  await page.waitForURL(/\/tenant-profile/);
  expect(errors).toEqual([]);
});

it('a visitor without a sign-up in progress is sent to start one; the alternate flow and old addresses lead to real steps', async () => {
  const base = running.product().baseUrl;
  const { page } = await open(375);
  await page.goto(`${base}/signup/tenant-details`);
  await page.getByText('We could not find a sign-up in progress in this browser.').waitFor();
  await page.getByRole('link', { name: 'Start your sign-up' }).click();
  await page.waitForURL(`${base}/signup/quote`);
  for (const [from, to] of [
    ['/signup/house', '/signup/services'],
    ['/signup/confirm', '/signup/summary'],
    ['/signup/payment', '/signup/add-payment'],
    ['/sign-up', '/signup'],
  ]) {
    const response = await page.goto(`${base}${from}`);
    expect([new URL(page.url()).pathname, response?.status()]).toEqual([to, 200]);
  }
  // The old account address ends on a real page: the tenant area, which asks a signed-out visitor to sign in.
  await page.goto(`${base}/my-account`);
  await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
  await page.goto(`${base}/signup/initial`);
  await step(page, 'initial', 'Sign up');
  await page.getByRole('link', { name: /A housemate invited me/ }).click();
  await page.waitForURL(`${base}/signup/join`);
  await page.getByLabel('House contract ID').fill('1');
  await page.getByLabel('E-mail address').fill('never.invited@example.test');
  await page.getByRole('button', { name: 'Find my house' }).click();
  await page.getByText('Invalid House Contract ID or Email').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});

/** The next 1 September at least a month away, as the quote's dates are. */
function nextSeptember(): string {
  const today = new Date();
  const year = today.getUTCMonth() >= 7 ? today.getUTCFullYear() + 1 : today.getUTCFullYear();
  return `${year}-09-01`;
}

it('a tenant whose confirmation link has expired asks for a new one from the sign-in page or the expired link, and gets in', async () => {
  const base = running.product().baseUrl;
  // The demo tenant never opened their welcome e-mail's link, and it has expired.
  await db.knex('users').where({ email: 'tenant@demo.test' }).update({ confirmed_at: null });
  const { page, errors } = await open(375);

  await page.goto(`${base}/signup-complete?confirm=${'x'.repeat(43)}`);
  await page.getByText('This confirmation link has expired or has already been used.').waitFor();
  await page.getByRole('button', { name: 'Send the confirmation link again' }).click();
  await page.getByText('Required').waitFor();
  await page.getByLabel('Your e-mail address').fill('nobody@nowhere.test');
  await page.getByRole('button', { name: 'Send the confirmation link again' }).click();
  // The same answer for an address with no account waiting: the page tells no one who has an account.
  await page.getByRole('status').filter({ hasText: 'If this address has an account waiting for confirmation' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  await page.screenshot({ path: '.data/screenshots/signup-resend-expired-375.png', fullPage: true });

  await page.goto(`${base}/signin/tenant`);
  await page.getByLabel('Email').fill('tenant@demo.test');
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('You must confirm your account first!').waitFor();
  await page.getByRole('button', { name: 'Send the confirmation link again' }).click();
  await page.getByRole('status').filter({ hasText: 'a new link is on its way' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '.data/screenshots/signin-resend-375.png', fullPage: true });

  const mail = await mailTo('tenant@demo.test', /^Confirm your .* account$/);
  await page.goto(linkIn(mail, '/signup-complete?confirm='));
  await page.getByText('Thank you: tenant@demo.test is confirmed.').waitFor();
  await page.goto(`${base}/signin/tenant`);
  await page.getByLabel('Email').fill('tenant@demo.test');
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${base}/tenant-profile`);
  expect(errors).toEqual([]);
});
