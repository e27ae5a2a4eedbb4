import path from 'node:path';
import type { Page } from 'playwright-core';
import { useProductInBrowser } from '@app/api/testing';
import { seriousViolations, waitUntil } from './site-support';

// The agent portal in Chromium against the running product with its demo data: an agent sees only their
// agency's houses, opens a property's four tabs and sends a reading staff then see; a front-office agent
// switches agency and the pages follow; every page is axe-clean and fits at 375 and 1440 px.
const running = useProductInBrowser();
const SHOTS = process.env.AGENT_PORTAL_SHOTS;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

async function graphql<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await fetch(`${running.product().baseUrl}/api/v2/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-group-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}
const staffToken = async () =>
  (await graphql<{ login: { auth: { jwtToken: string } } }>('mutation ($input: LoginInput!) { login(input: $input) { auth { jwtToken } } }', { input: { email: 'staff@demo.test', password: 'Demo1234' } })).login.auth.jwtToken;

/** How many houses staff see for these agencies (the agency and its branch). */
async function houseCount(staff: string, names: string[]): Promise<number> {
  const { allAgencies } = await graphql<{ allAgencies: Array<{ id: string; name: string }> }>('{ allAgencies(perPage: 100) { id name } }', {}, staff);
  let total = 0;
  for (const agency of allAgencies.filter((a) => names.includes(a.name))) {
    total += (await graphql<{ _allHousesMeta: { count: number } }>('query ($filter: JSON) { _allHousesMeta(filter: $filter) { count } }', { filter: { agencyId: Number(agency.id) } }, staff))._allHousesMeta.count;
  }
  return total;
}

async function signedInAgent(email: string, width = 1440): Promise<Page> {
  const page = await (await running.browser().newContext({ viewport: { width, height: 900 } })).newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  (page as unknown as { consoleErrors: string[] }).consoleErrors = errors;
  await page.goto(`${running.product().baseUrl}/signin/agent`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${running.product().baseUrl}/agent-portal/dashboard`);
  return page;
}

async function propertiesShown(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /propert(y|ies)$/ });
  await status.waitFor();
  return Number(/(\d+)/.exec((await status.textContent()) ?? '')![1]);
}

it("shows agent@demo.test only Hyde Park Lettings' houses, a property's four tabs, and takes a reading staff then see", async () => {
  const staff = await staffToken();
  const page = await signedInAgent('agent@demo.test');
  await page.getByText('Agency: Hyde Park Lettings').waitFor();
  await page.getByRole('heading', { name: 'Needs your action' }).waitFor();
  await page.getByRole('link', { name: 'All properties' }).first().click();
  await page.waitForURL(/\/agent-portal\/properties$/);
  expect(await propertiesShown(page)).toBe(await houseCount(staff, ['Hyde Park Lettings', 'Hyde Park Lettings (Headingley branch)']));
  const rows = page.getByRole('list', { name: 'Properties' }).getByRole('listitem');
  for (const text of await rows.allTextContents()) expect(text).toContain('Leeds');

  await page.getByLabel('Status', { exact: true }).selectOption('ACTIVE');
  await page.getByRole('button', { name: 'Show' }).click();
  await waitUntil(page, `[...document.querySelectorAll('[aria-label="Properties"] li')].every((li) => li.textContent.includes('Active'))`);

  // A house with a meter to read (staff's list of active meters), opened from the list.
  const { allMeters } = await graphql<{ allMeters: Array<{ houseId: string }> }>('{ allMeters(perPage: 500, filter: { isActive: true }) { houseId } }', {}, staff);
  const withMeter = new Set(allMeters.map((m) => Number(m.houseId)));
  const hrefs = await rows.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  const href = hrefs.find((h) => withMeter.has(Number(/property\/(\d+)/.exec(h)![1])))!;
  const houseId = Number(/property\/(\d+)/.exec(href)![1]);
  await page.locator(`a[href="${href}"]`).click();
  await page.waitForURL(/\/agent-portal\/property\/\d+\/contracts$/);
  await page.getByRole('heading', { name: 'Tenants' }).first().waitFor();
  const tabs = page.getByRole('navigation', { name: 'Property' });
  await tabs.getByRole('link', { name: 'Supplier' }).click();
  await page.getByText(/MPAN|MPRN|No supplies/).first().waitFor();
  await tabs.getByRole('link', { name: 'Bill packages' }).click();
  await page.getByRole('heading', { name: /plan|BILL/ }).first().waitFor();
  await tabs.getByRole('link', { name: 'Meter readings' }).click();
  await page.getByRole('heading', { name: 'Send a meter reading' }).waitFor();

  const meterOption = await page.getByLabel('Meter', { exact: true }).locator('option').first().textContent();
  await page.getByLabel('Date of the reading').fill('2026-11-01');
  await page.getByLabel('Reading', { exact: true }).fill('987654.5');
  await page.getByLabel('Photo of the meter').setInputFiles({ name: 'meter.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await page.getByRole('button', { name: 'Send reading' }).click();
  // Far above the last reading: the portal asks to confirm (when the meter has one), then sends it.
  const sent = page.getByText('Reading sent: our team will check it.');
  const confirm = page.getByRole('button', { name: 'Yes, send this reading' });
  await sent.or(confirm).waitFor();
  if (await confirm.isVisible()) await confirm.click();
  await sent.waitFor();
  await page.getByRole('list', { name: 'Readings' }).getByText('987654.500').waitFor();

  const seen = await graphql<{ allMeterReadings: Array<{ value: string; status: string; source: string; imageUploadId: string | null }> }>(
    'query ($filter: JSON) { allMeterReadings(filter: $filter) { value status source imageUploadId } }',
    { filter: { houseId, source: 'AGENT_APP', status: 'PENDING' } },
    staff,
  );
  expect(seen.allMeterReadings).toEqual([expect.objectContaining({ status: 'PENDING', source: 'AGENT_APP', imageUploadId: expect.anything() })]);
  expect(Number(seen.allMeterReadings[0]!.value)).toBe(987654.5);
  expect(meterOption).toBeTruthy();
  expect((page as unknown as { consoleErrors: string[] }).consoleErrors).toEqual([]);
});

it('lets fo-agent@demo.test switch agency, and every page follows', async () => {
  const staff = await staffToken();
  const [hyde, fallowfield] = [await houseCount(staff, ['Hyde Park Lettings', 'Hyde Park Lettings (Headingley branch)']), await houseCount(staff, ['Fallowfield Student Homes'])];
  const page = await signedInAgent('fo-agent@demo.test');
  const agency = page.getByLabel('Agency');
  await agency.selectOption({ label: 'Hyde Park Lettings' });
  await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
  await page.getByRole('link', { name: 'All properties' }).first().click();
  expect(await agency.inputValue()).toBe(await agency.locator('option', { hasText: 'Hyde Park Lettings' }).getAttribute('value'));
  expect(await propertiesShown(page)).toBe(hyde);
  await agency.selectOption({ label: 'Fallowfield Student Homes' });
  await waitUntil(page, `document.querySelector('[role="status"]')?.textContent?.startsWith('${fallowfield} propert')`);
  for (const text of await page.getByRole('list', { name: 'Properties' }).getByRole('listitem').allTextContents()) expect(text).toContain('Manchester');
  await page.getByRole('list', { name: 'Properties' }).getByRole('link').first().click();
  await page.getByRole('heading', { name: /Manchester/ }).waitFor();
  await page.goto(`${running.product().baseUrl}/agent-portal/dashboard`);
  expect(await page.getByLabel('Agency').locator('option:checked').textContent()).toBe('Fallowfield Student Homes');
});

it.each([375, 1440])('agent pages have no serious or critical axe violation and nothing wider than the window at %i px', async (width) => {
  const page = await signedInAgent('agent@demo.test', width);
  const visit = async (to: string, ready: string) => {
    await page.goto(`${running.product().baseUrl}${to}`);
    await page.getByRole('heading', { name: ready }).first().waitFor();
    const name = to.replace(/\W+/g, '-');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `agent${name}-${width}.png`), fullPage: true });
    expect({ to, violations: await seriousViolations(page) }).toEqual({ to, violations: [] });
    expect({ to, fits: await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') }).toEqual({ to, fits: true });
  };
  await visit('/agent-portal/dashboard', 'Needs your action');
  await visit('/agent-portal/properties', 'All properties');
  const href = await page.getByRole('list', { name: 'Properties' }).getByRole('link').first().getAttribute('href');
  const id = /property\/(\d+)/.exec(href!)![1];
  await visit(`/agent-portal/property/${id}/contracts`, 'Tenants');
  await visit(`/agent-portal/property/${id}/supplier`, 'Property');
  await visit(`/agent-portal/property/${id}/meter-readings`, 'Reading history');
  await visit('/agent-portal/bill-packages', 'Your quote link');
  await visit('/agent-portal/portfolio-usage-summary', 'Usage report');
});

it("shows each property's energy against its allowance, and makes and downloads the agency's usage report", async () => {
  const page = await signedInAgent('agent@demo.test');
  await page.getByRole('link', { name: 'Portfolio usage summary' }).click();
  await page.getByRole('heading', { name: 'Usage report' }).waitFor();
  const rows = page.getByRole('list', { name: 'Usage by property' }).getByRole('listitem');
  await rows.first().waitFor();
  expect(await rows.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/(Electricity|Gas): [\d,]+ kWh/)]));
  const from = await page.getByLabel('From').inputValue();
  expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await page.getByRole('button', { name: 'Create the report' }).click();
  await page.getByText('We are writing your report').waitFor();
  const download = page.getByRole('list', { name: 'Your usage reports' }).getByRole('link', { name: 'Download' }).first();
  await download.waitFor({ timeout: 60_000 });
  const [fetched] = await Promise.all([page.context().waitForEvent('request', (req) => /\/usage-reports\/\d+\/download\?jwt=/.test(req.url())), download.click()]);
  const csv = await page.request.get(fetched.url());
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).split('\r\n').filter(Boolean);
  expect(lines[0]).toContain('Consumption (kWh)');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => line.includes('Hyde Park Lettings'))).toBe(true);
  expect((page as unknown as { consoleErrors: string[] }).consoleErrors).toEqual([]);
});

it('shows the Bills package with £ prices, and a tenant arriving through its quote link sees the partnership header', async () => {
  const page = await signedInAgent('agent@demo.test');
  await page.getByRole('link', { name: 'Bills package' }).first().click();
  await page.getByRole('heading', { name: 'Your quote link' }).waitFor();
  for (const plan of ['Green Saver', 'Lite', 'Unlimited']) {
    const card = page.getByRole('region', { name: plan });
    expect(await card.innerText()).toMatch(/£\d+\.\d\d a week per tenant \(£\d+\.\d\d a month\)/);
  }
  const link = await page.getByRole('textbox', { name: 'Quote link' }).inputValue();
  expect(link).toBe(`${running.product().baseUrl}/signup/quote?ref=hyde-park-lettings`);
  expect((page as unknown as { consoleErrors: string[] }).consoleErrors).toEqual([]);

  const visitor = await (await running.browser().newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await visitor.goto(link);
  await visitor.getByText('in partnership with Hyde Park Lettings').waitFor();
  await visitor.getByRole('heading', { level: 1 }).waitFor();
  await visitor.context().close();
});

it('records an agency lead from /agents/signup, which staff then see at stage NEW', async () => {
  const page = await (await running.browser().newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await page.goto(`${running.product().baseUrl}/agents/signup`);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Required').first().waitFor();
  await page.getByLabel('Agency name').fill('Roundhay Student Lets');
  await page.getByLabel('Your name').fill('Jo Bloggs');
  await page.getByLabel('Email').fill('jo@roundhay.example.test');
  await page.getByLabel('City (optional)').fill('Leeds');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Thank you: our partnerships team will be in touch').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  const { allAgencyLeads } = await graphql<{ allAgencyLeads: Array<{ agencyName: string; stage: string }> }>(
    'query ($filter: JSON) { allAgencyLeads(filter: $filter) { agencyName stage } }',
    { filter: { stage: 'NEW' } },
    await staffToken(),
  );
  expect(allAgencyLeads).toContainEqual(expect.objectContaining({ agencyName: 'Roundhay Student Lets', stage: 'NEW' }));
});

it('tells a tenant who signs in at the agent sign-in where to sign in instead', async () => {
  const page = await (await running.browser().newContext()).newPage();
  await page.goto(`${running.product().baseUrl}/signin/agent`);
  await page.getByLabel('Email').fill('tenant@demo.test');
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').textContent()).resolves.toBe('This is a tenant account: please sign in at My account (/signin/tenant).');
});

it('lets a root-account agent invite an agent from Settings and remove them', async () => {
  const page = await signedInAgent('agent@demo.test', 375);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${running.product().baseUrl}/agent-portal/settings`);
  await page.waitForURL(/\/agent-portal\/settings$/);
  await page.getByRole('heading', { name: 'Agents of Hyde Park Lettings' }).waitFor();
  await page.getByLabel('Email').fill('invited.agent@demo.test');
  await page.getByLabel('First name').last().fill('Ivy');
  await page.getByLabel('Last name').last().fill('Nash');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText('Invitation sent to invited.agent@demo.test').waitFor();
  const agents = page.getByRole('list', { name: 'Agents' });
  await agents.getByText('invited.agent@demo.test').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  await page.getByRole('button', { name: 'Remove Ivy Nash' }).click();
  await page.getByText('Ivy Nash removed').waitFor();
  await agents.getByText('invited.agent@demo.test').waitFor({ state: 'detached' });
});
