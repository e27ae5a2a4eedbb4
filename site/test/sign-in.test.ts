import type { Page } from 'playwright-core';
import { startSmtpReceiver, useProductInBrowser, waitFor } from '@app/api/testing';

// Sign-in, protected areas and the password reset journey through the real pages, with the reset e-mail
// delivered over SMTP to a local receiver.
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const running = useProductInBrowser(async () => {
  smtp = await startSmtpReceiver();
  return { env: { SMTP_URL: smtp.url } };
});
afterAll(() => smtp?.stop());

async function freshPage(): Promise<Page> {
  return (await running.browser().newContext()).newPage();
}

async function signIn(page: Page, path: string, email: string, password = 'Demo1234'): Promise<void> {
  await page.goto(`${running.product().baseUrl}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

it.each([
  ['/signin/tenant', 'tenant@demo.test', '/tenant-profile', 'Welcome back, Amelia'],
  ['/signin', 'billpayer@demo.test', '/tenant-profile', 'Welcome back, Oliver'],
  ['/signin/agent', 'agent@demo.test', '/agent-portal/dashboard', 'Agency: Hyde Park Lettings'],
])('signs in on %s as %s and lands in the right area', async (path, email, landing, text) => {
  const page = await freshPage();
  const started = Date.now();
  await signIn(page, path, email);
  await page.waitForURL(`${running.product().baseUrl}${landing}`);
  await page.getByText(text).waitFor();
  console.log(`sign-in as ${email} to ${landing} shown in ${Date.now() - started} ms`);
});

it('lets a front-office agent switch between their agencies', async () => {
  const page = await freshPage();
  await signIn(page, '/signin/agent', 'fo-agent@demo.test');
  await page.waitForURL(`${running.product().baseUrl}/agent-portal/dashboard`);
  const agency = page.getByLabel('Agency');
  await agency.selectOption({ label: 'Hyde Park Lettings' });
  expect(await agency.locator('option').allTextContents()).toEqual(['Fallowfield Student Homes', 'Hyde Park Lettings']);
});

it('shows "Email or password incorrect!" for a wrong password', async () => {
  const page = await freshPage();
  await signIn(page, '/signin/tenant', 'tenant@demo.test', 'Wrong1234');
  await expect(page.getByRole('alert').textContent()).resolves.toBe('Email or password incorrect!');
});

it('keeps the prerendered form shut until the page is ready, so no click can put a password in the address', async () => {
  const context = await running.browser().newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${running.product().baseUrl}/signin/tenant`);
  expect(await page.getByLabel('Password').isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
  await context.close();
});

it('sends a visitor to the area sign-in page and back to the page they asked for', async () => {
  const page = await freshPage();
  await page.goto(`${running.product().baseUrl}/tenant-profile`);
  await page.waitForURL(`${running.product().baseUrl}/signin/tenant?redirect=%2Ftenant-profile`);
  await page.getByLabel('Email').fill('tenant@demo.test');
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${running.product().baseUrl}/tenant-profile`);
});

it('keeps a tenant out of the agent portal and the back office', async () => {
  const page = await freshPage();
  await signIn(page, '/signin/tenant', 'tenant@demo.test');
  await page.waitForURL(`${running.product().baseUrl}/tenant-profile`);
  await page.goto(`${running.product().baseUrl}/agent-portal/dashboard`);
  await page.waitForURL(/\/signin\/agent\?redirect=%2Fagent-portal%2Fdashboard$/);
  await page.goto(`${running.product().baseUrl}/admin/1/`);
  await page.waitForURL(/\/admin-signin/);
});

it('logs out: the session is gone and the visitor is back on the home page', async () => {
  const page = await freshPage();
  await signIn(page, '/signin/tenant', 'billpayer@demo.test');
  await page.waitForURL(`${running.product().baseUrl}/tenant-profile`);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${running.product().baseUrl}/`);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
  await page.goto(`${running.product().baseUrl}/tenant-profile`);
  await page.waitForURL(/\/signin\/tenant/);
});

it('resets a forgotten password with the e-mailed link, which works once', async () => {
  const page = await freshPage();
  await page.goto(`${running.product().baseUrl}/forgotpass`);
  await page.getByLabel('Email').fill('nobody@demo.test');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('alert').textContent()).resolves.toBe('No account can be found with this email address.');

  await page.getByLabel('Email').fill('agent@demo.test');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByRole('status').waitFor();
  const mail = await waitFor('the reset e-mail', () => smtp.messages.find((m) => m.envelopeTo.includes('agent@demo.test')));
  const link = /(http:\/\/\S+\/agents\/resetpass\/\S+)/.exec(mail.body)![1]!.replace(/^http:\/\/[^/]+/, running.product().baseUrl);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Agent2026');
  await page.getByLabel('Repeat the new password').fill('Agent2026');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.waitForURL(`${running.product().baseUrl}/forgotpass/successfulReset`);

  await signIn(page, '/signin/agent', 'agent@demo.test', 'Agent2026');
  await page.waitForURL(`${running.product().baseUrl}/agent-portal/dashboard`);
  await page.goto(link);
  await page.waitForURL(`${running.product().baseUrl}/resetpass/linkExpired`);
});
