import type { Page } from 'playwright-core';
import { freePort, startOidcProvider, useProductInBrowser, type LocalOidcProvider } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

let oidc: LocalOidcProvider;
const running = useProductInBrowser(async () => {
  const port = await freePort();
  oidc = await startOidcProvider(`http://127.0.0.1:${port}/admin-signin`);
  return {
    port,
    env: { BASE_URL: `http://127.0.0.1:${port}`, GOOGLE_ISSUER: oidc.issuer, GOOGLE_CLIENT_ID: oidc.clientId, GOOGLE_CLIENT_SECRET: oidc.clientSecret },
  };
});
afterAll(() => oidc?.stop());

async function freshPage(): Promise<Page> {
  return (await running.browser().newContext()).newPage();
}

it('sends a signed-out visitor to /admin-signin and back to the page they asked for', async () => {
  const page = await freshPage();
  await page.goto(`${running.product().baseUrl}/admin/1/BackofficeRole`);
  await page.waitForURL(/\/admin-signin\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/1/BackofficeRole');
  await page.getByLabel('Email').fill('staff@demo.test');
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${running.product().baseUrl}/admin/1/BackofficeRole`);
  await page.getByText('Administrator').first().waitFor();
  await page.getByRole('link', { name: /create/i }).waitFor();
});

it('shows "Email or password incorrect!" for a wrong password', async () => {
  const page = await freshPage();
  await page.goto(`${running.product().baseUrl}/admin-signin`);
  await page.getByLabel('Email').fill('staff@demo.test');
  await page.getByLabel('Password').fill('Wrong1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').textContent()).resolves.toBe('Email or password incorrect!');
});

it('lets read-only staff see the lists, hides writes, and the server refuses them anyway', async () => {
  const page = await freshPage();
  await signInToBackOffice(page, running.product().baseUrl, 'readonly@demo.test', '/admin/1/BackofficeRole');
  await page.getByText('Administrator').first().waitFor();
  expect(await page.getByRole('link', { name: /create/i }).count()).toBe(0);
  const token = decodeURIComponent((await page.context().cookies()).find((cookie) => cookie.name === 'token')!.value);
  const { status } = await fetch(`${running.product().baseUrl}/api/v2/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: 'mutation { createBackofficeRole(name: "Sneaky") { id } }' }),
  });
  expect(status).toBe(403);
});

it('keeps a tenant out of the back office', async () => {
  const page = await freshPage();
  await page.goto(`${running.product().baseUrl}/admin-signin`);
  await page.getByLabel('Email').fill('tenant@demo.test');
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').textContent()).resolves.toBe('Email or password incorrect!');
  await page.goto(`${running.product().baseUrl}/admin/1/`);
  await page.waitForURL(/\/admin-signin/);
});

it('signs staff in with Google (a local OpenID provider standing in for it)', async () => {
  const page = await freshPage();
  await page.goto(`${running.product().baseUrl}/admin-signin`);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.locator('input[name="login"]').fill('staff@demo.test');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${running.product().baseUrl}/admin/1/`);
  await page.getByRole('heading', { name: "Today's work" }).waitFor();
});

it('says "User not found" when the Google account has no back-office user', async () => {
  const page = await freshPage();
  await page.goto(`${running.product().baseUrl}/admin-signin`);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.locator('input[name="login"]').fill('stranger@example.test');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').textContent()).resolves.toBe('User not found');
});

it('lets staff create a role with its permission matrix, and refuses a duplicate name', async () => {
  const page = await freshPage();
  await signInToBackOffice(page, running.product().baseUrl, 'staff@demo.test', '/admin/1/BackofficeRole/create');
  await page.getByLabel('Name').fill('Meter desk');
  await page.locator('input[name="permissions.meterReadings"][value="WRITE"]').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${running.product().baseUrl}/admin/1/BackofficeRole`);
  await page.getByText('Successfully saved').waitFor();
  await page.getByText('Meter desk').waitFor();

  await page.goto(`${running.product().baseUrl}/admin/1/BackofficeRole/create`);
  await page.getByLabel('Name').fill('meter DESK');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('role already exists').first().waitFor();
});
