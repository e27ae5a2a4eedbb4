import type { Page } from 'playwright-core';
import { useProductInBrowser } from '@app/api/testing';
import { seriousViolations } from './site-support';

/*
 * The tenant area in Chromium as the three demo tenants: each page shows that tenant's own data; a reading
 * sent with a photo appears for staff in the back office; the end-of-contract choice is saved and staff see
 * it; an energy-bill customer gets My Energy Bill and neither Refer a Friend nor My Broadband. Every page is
 * checked with axe at 375 and 1440 px, nothing wider than the window, no console errors (hydration included).
 */
const running = useProductInBrowser();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function signedIn(email: string, width: number, signInPath = '/signin/tenant'): Promise<{ page: Page; errors: string[] }> {
  const context = await running.browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${running.product().baseUrl}${signInPath}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${running.product().baseUrl}/tenant-profile`);
  return { page, errors };
}

async function checkPage(page: Page, name: string, width: number): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  const wider = (await page.evaluate(
    "[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && getComputedStyle(e).position !== 'fixed' && !e.closest('.tenant-table-wrap, .mobile-menu')).slice(0, 3).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))",
  )) as string[];
  expect({ wider, fits: await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') }).toEqual({ wider: [], fits: true });
  await page.screenshot({ path: `.data/screenshots/tenant-${name}-${width}.png`, fullPage: true });
}

/** Opens a tenant page by a full load (prerendered HTML, then hydration) and waits for its own data. */
async function open(page: Page, pagePath: string, text: string | RegExp): Promise<void> {
  await page.goto(`${running.product().baseUrl}${pagePath}`);
  await page.getByText(text).first().waitFor();
}

async function menuLabels(page: Page): Promise<string[]> {
  return page.locator('header nav').first().locator('a, button').allTextContents();
}

it.each([1440, 375])('shows tenant@demo.test their own data on every page (%i px)', async (width) => {
  const { page, errors } = await signedIn('tenant@demo.test', width);
  await page.getByText('Welcome back, Amelia').waitFor();
  await page.getByText('14 Brudenell Grove').first().waitFor();
  await page.getByRole('heading', { name: 'Your balance' }).waitFor();
  await checkPage(page, 'dashboard', width);

  await open(page, '/tenant-profile/house', 'Oliver Patel');
  await page.getByText('Amelia Hughes (you)').waitFor();
  await page.getByRole('cell', { name: 'Broadband' }).waitFor();
  await page.getByText('Speed 400 Mbps').waitFor();
  expect(await page.getByText('£').count()).toBe(0); // housemates' money is never shown
  await checkPage(page, 'house', width);

  await open(page, '/tenant-profile/payments/info', 'Statement of account');
  await page.getByText(/Direct Debit from account ending 5628/).waitFor();
  await page.getByText('£93.17 a month', { exact: false }).waitFor();
  await page.getByText('Direct debit collected').first().waitFor();
  await checkPage(page, 'payments', width);
  // Last year's contract has a statement with its PDF.
  await page.getByLabel('Contract').selectOption({ index: 2 });
  const pdf = page.getByRole('link', { name: /Download/ }).first();
  await pdf.waitFor();
  // The link carries no token; the click asks for a 5-minute token for this one file and opens it.
  expect(await pdf.getAttribute('href')).toMatch(/^\/api\/v2\/tenant-area\/bills\/\d+\/pdf$/);
  const [tab] = await Promise.all([page.waitForEvent('popup'), pdf.click()]);
  await tab.waitForURL(/\/pdf\?jwt=/);
  const res = await page.request.get(tab.url());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  await tab.close();

  await open(page, '/tenant-profile/energy-use', 'Projected final balance');
  await page.locator('.usage-chart svg rect').first().waitFor();
  await checkPage(page, 'energy-use', width);

  await open(page, '/tenant-profile/refer-friend', 'AMELIA-LS6');
  await page.getByText('£100.00').waitFor();
  await checkPage(page, 'refer-friend', width);

  await open(page, '/tenant-profile/energy-tips', 'Hot water');
  await checkPage(page, 'energy-tips', width);

  if (width === 1440) expect(await menuLabels(page)).toEqual(['Dashboard', 'Me & My House', 'Billing & Payments', 'Refer a Friend', 'Submit Meter Reads', 'Energy Usage Graphs', 'My Broadband', 'Energy Saving Tips', 'Log out']);
  expect(errors).toEqual([]);
});

it('takes a meter reading with a photo that staff then see in the back office', async () => {
  const { page, errors } = await signedIn('tenant@demo.test', 1440);
  await open(page, '/tenant-profile/give-meter-reading', /Gas meter G4A00317/);
  const gas = page.locator('section', { has: page.getByRole('heading', { name: 'Gas meter G4A00317' }) });
  const last = Number((await gas.locator('li strong').first().textContent())!);
  await gas.getByLabel('Reading', { exact: true }).fill(String(last + 12.5));
  await gas.getByLabel('Photo of the meter (optional)').setInputFiles({ name: 'gas-meter.png', mimeType: 'image/png', buffer: PNG });
  await gas.getByRole('button', { name: 'Send reading' }).click();
  await gas.getByText(`Thank you: your reading of ${last + 12.5} was sent for approval.`).waitFor();
  await gas.getByText('waiting for approval').waitFor();
  // A reading lower than the last one is questioned first, then taken once confirmed.
  await gas.getByLabel('Reading', { exact: true }).fill(String(last - 100));
  await gas.getByRole('button', { name: 'Send reading' }).click();
  await gas.getByRole('alert').getByText(/lower than the last one/).waitFor();
  await checkPage(page, 'give-meter-reading', 1440);
  expect(errors).toEqual([]);

  const staff = await (await running.browser().newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  const base = running.product().baseUrl;
  const token = await graphqlToken('staff@demo.test');
  const readings = await graphql('query { allMeterReadings(perPage: 5, sortField: "id", sortOrder: "DESC") { id source status imageUploadId value } }', token);
  const mine = (readings.allMeterReadings as Array<{ id: string; source: string; status: string; imageUploadId: string | null; value: string | number }>)[0]!;
  expect(mine).toMatchObject({ source: 'TENANT_PORTAL', status: 'PENDING' });
  expect(Number(mine.value)).toBeCloseTo(last + 12.5, 3);
  expect(mine.imageUploadId).not.toBeNull();
  await staff.goto(`${base}/admin-signin?redirect=${encodeURIComponent(`/admin/1/MeterReading/${mine.id}/show`)}`);
  await staff.getByLabel('Email').fill('staff@demo.test');
  await staff.getByLabel('Password').fill('Demo1234');
  await staff.getByRole('button', { name: 'Sign in', exact: true }).click();
  await staff.getByText(/Tenant portal|TENANT_PORTAL/i).first().waitFor();
  await staff.screenshot({ path: '.data/screenshots/tenant-reading-in-back-office.png' });
});

it('saves the end-of-contract choice, and staff see it on the contract', async () => {
  const { page, errors } = await signedIn('billpayer@demo.test', 375);
  await open(page, '/tenant-profile/end-of-contract', /Your contract ends on/);
  await page.getByLabel(/^Move/).check();
  await page.getByRole('button', { name: 'Save my choice' }).click();
  await page.getByText(/Saved: you chose to move/).waitFor();
  await page.reload();
  await page.getByText(/Your contract ends on/).waitFor();
  expect(await page.getByLabel(/^Move/).isChecked()).toBe(true);
  await checkPage(page, 'end-of-contract', 375);
  expect(errors).toEqual([]);

  // Staff see the choice on Oliver's contract in the back office.
  const token = await graphqlToken('staff@demo.test');
  const oliverId = await userId('billpayer@demo.test');
  const contracts = (await graphql(`query { allTenantContracts(filter: { tenantId: ${oliverId} }, sortField: "startDate", sortOrder: "DESC") { id eoyAction } }`, token)).allTenantContracts as Array<{ id: string; eoyAction: string | null }>;
  expect(contracts[0]!.eoyAction).toBe('MOVE');
  const staff = await (await running.browser().newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await staff.goto(`${running.product().baseUrl}/admin-signin?redirect=${encodeURIComponent(`/admin/1/TenantContract/${contracts[0]!.id}/show`)}`);
  await staff.getByLabel('Email').fill('staff@demo.test');
  await staff.getByLabel('Password').fill('Demo1234');
  await staff.getByRole('button', { name: 'Sign in', exact: true }).click();
  await staff.getByText(/^Move$|^MOVE$/).first().waitFor();
  await staff.screenshot({ path: '.data/screenshots/tenant-eoy-in-back-office.png' });
});

it.each([1440, 375])('shows billpayer@demo.test their card, broadband and an upgrade request (%i px)', async (width) => {
  const { page, errors } = await signedIn('billpayer@demo.test', width);
  await page.getByText('Welcome back, Oliver').waitFor();
  await page.getByText(/Your card ending 4242 expires/).waitFor();
  await open(page, '/tenant-profile/payments/info', 'Card ending 4242');
  await checkPage(page, 'payments-billpayer', width);
  await open(page, '/tenant-profile/broadband', 'Installed and working');
  if (width === 375) {
    await page.getByLabel('New speed').selectOption('800');
    await page.getByRole('button', { name: 'Request upgrade' }).click();
    await page.getByText('Upgrade to 800 Mbps requested.', { exact: false }).waitFor();
    await page.getByText('Requested: 800 Mbps', { exact: false }).waitFor();
  }
  await checkPage(page, 'broadband', width);
  expect(errors).toEqual([]);
});

it.each([1440, 375])('gives energybill@demo.test My Energy Bill and no Refer a Friend or My Broadband (%i px)', async (width) => {
  const { page, errors } = await signedIn('energybill@demo.test', width, '/my-energy-bill/login');
  await page.getByText('Welcome back, Ellie').waitFor();
  if (width === 1440) {
    await page.locator('header nav').first().getByRole('link', { name: 'My Energy Bill' }).waitFor();
    const labels = await menuLabels(page);
    expect(labels).toEqual(['Dashboard', 'Me & My House', 'Billing & Payments', 'Submit Meter Reads', 'My Energy Bill', 'Energy Saving Tips', 'Log out']);
  } else {
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('link', { name: 'My Energy Bill' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Refer a Friend' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'My Broadband' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  }
  await open(page, '/tenant-profile/energy-bill', 'Amount due');
  await page.getByRole('link', { name: 'Download your bill (PDF)' }).waitFor();
  await checkPage(page, 'energy-bill', width);
  expect(errors).toEqual([]);
});

async function graphqlToken(email: string): Promise<string> {
  const res = await fetch(`${running.product().baseUrl}/api/v2/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation ($input: LoginInput!) { login(input: $input) { auth { jwtToken } } }', variables: { input: { email, password: 'Demo1234' } } }),
  });
  return ((await res.json()) as { data: { login: { auth: { jwtToken: string } } } }).data.login.auth.jwtToken;
}

async function graphql(query: string, token: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${running.product().baseUrl}/api/v2/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-group-id': '1', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

it('fits the full tenant menu, Log out included, on one line from 1356 px', async () => {
  const { page } = await signedIn('tenant@demo.test', 1356);
  await page.getByText('Welcome back, Amelia').waitFor();
  await page.locator('header nav').first().getByRole('link', { name: 'Energy Usage Graphs' }).waitFor();
  await checkPage(page, 'dashboard', 1356);
});

async function userId(email: string): Promise<number> {
  const res = await fetch(`${running.product().baseUrl}/api/v2/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation ($input: LoginInput!) { login(input: $input) { user { id } } }', variables: { input: { email, password: 'Demo1234' } } }),
  });
  return Number(((await res.json()) as { data: { login: { user: { id: string } } } }).data.login.user.id);
}
