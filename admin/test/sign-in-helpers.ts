import type { Page } from 'playwright-core';

/** Signs in on /admin-signin the way staff do, and waits for the back office to open. */
export async function signInToBackOffice(page: Page, baseUrl: string, email: string, landing = '/admin/1/'): Promise<void> {
  await page.goto(`${baseUrl}/admin-signin?redirect=${encodeURIComponent(landing)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${baseUrl}${landing}`);
}
