import type { Browser } from 'playwright-core';
import { launchChromium, startProduct, type ProductProcess } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

let product: ProductProcess;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  product?.child.kill('SIGTERM');
  await product?.exited;
});

it('loads the back-office shell for the group in the path, sending X-Group-ID, with no request leaving the machine', async () => {
  const page = await browser.newPage();
  const offMachine: string[] = [];
  const groupHeaders: Array<string | undefined> = [];
  page.on('request', (request) => {
    if (!/^(http:\/\/127\.0\.0\.1|data:|blob:)/.test(request.url())) offMachine.push(request.url());
    // The sign-in page is outside any group; every request of the back office itself carries one.
    if (request.url().endsWith('/api/v2/graphql') && !request.frame().url().includes('/admin-signin')) groupHeaders.push(request.headers()['x-group-id']);
  });
  await signInToBackOffice(page, product.baseUrl, 'staff@demo.test');
  await page.goto(`${product.baseUrl}/admin/`);
  await page.waitForURL(`${product.baseUrl}/admin/1/`);
  await page.getByText('Group 1').first().waitFor();
  await page.getByText(/job queue/i).first().waitFor();

  expect(groupHeaders.length).toBeGreaterThan(0);
  expect(new Set(groupHeaders)).toEqual(new Set(['1']));
  expect(offMachine).toEqual([]);
});

it('keeps another group id in the path and in every request', async () => {
  const page = await browser.newPage();
  const groupHeaders: Array<string | undefined> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v2/graphql') && !request.frame().url().includes('/admin-signin')) groupHeaders.push(request.headers()['x-group-id']);
  });
  await signInToBackOffice(page, product.baseUrl, 'staff@demo.test', '/admin/2/');
  await page.getByText('Group 2').first().waitFor();
  expect(page.url()).toBe(`${product.baseUrl}/admin/2/`);
  expect(new Set(groupHeaders)).toEqual(new Set(['2']));
});
