import type { Page } from 'playwright-core';
import { useProductInBrowser, watchOffMachine } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

const { product, browser } = useProductInBrowser();

/**
 * X-Group-ID of every GraphQL request the back office makes (the sign-in page is outside any group, and so is
 * the question which groups the account works for, asked before naming one).
 */
function watchGroupHeaders(page: Page): Array<string | undefined> {
  const headers: Array<string | undefined> = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/v2/graphql') || request.frame().url().includes('/admin-signin')) return;
    if (request.postData()?.includes('myGroups')) return;
    headers.push(request.headers()['x-group-id']);
  });
  return headers;
}

it('loads the back-office shell for the group in the path, sending X-Group-ID, with no request leaving the machine', async () => {
  const page = await browser().newPage();
  const offMachine = watchOffMachine(page);
  const groupHeaders = watchGroupHeaders(page);
  await signInToBackOffice(page, product().baseUrl, 'staff@demo.test');
  await page.goto(`${product().baseUrl}/admin/`);
  await page.waitForURL(`${product().baseUrl}/admin/1/`);
  await page.getByRole('heading', { name: "Today's work" }).waitFor();
  await page.getByText('Jobs failed').waitFor();
  expect(await page.getByRole('combobox', { name: 'Group' }).textContent()).toBe('Bills for Students');

  expect(groupHeaders.length).toBeGreaterThan(0);
  expect(new Set(groupHeaders)).toEqual(new Set(['1']));
  expect(offMachine).toEqual([]);
});

it('keeps another group id in the path and in every request', async () => {
  const page = await browser().newPage();
  const groupHeaders = watchGroupHeaders(page);
  await signInToBackOffice(page, product().baseUrl, 'staff@demo.test', '/admin/2/');
  await page.getByText('Jobs failed').waitFor();
  expect(await page.getByRole('combobox', { name: 'Group' }).textContent()).toBe('Shared House Bills');
  expect(page.url()).toBe(`${product().baseUrl}/admin/2/`);
  expect(new Set(groupHeaders)).toEqual(new Set(['2']));
});

it('opens the System status page from the menu', async () => {
  const page = await browser().newPage();
  await signInToBackOffice(page, product().baseUrl, 'staff@demo.test');
  await page.getByRole('menuitem', { name: 'System status' }).click();
  await page.waitForURL(`${product().baseUrl}/admin/1/status`);
  await page.getByText('API health').first().waitFor();
  expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
});
