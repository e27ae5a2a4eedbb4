import type { Page } from 'playwright-core';
import { useProductInBrowser } from '@app/api/testing';
import { seriousViolations } from './site-support';

// The notification bell, drawer and toasts of a signed-in tenant, with notifications pushed over the real
// socket while the page is open (sent by staff through the API, as the back office does).
const running = useProductInBrowser();

async function graphql(query: string, variables: Record<string, unknown>, token?: string): Promise<{ data?: Record<string, unknown>; errors?: unknown[] }> {
  const res = await fetch(`${running.product().baseUrl}/api/v2/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-group-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return res.json() as never;
}

async function signIn(email: string): Promise<{ token: string; userId: number }> {
  const answer = await graphql('mutation ($input: LoginInput!) { login(input: $input) { auth { jwtToken } user { id } } }', { input: { email, password: 'Demo1234' } });
  const login = (answer.data as { login: { auth: { jwtToken: string }; user: { id: number } } }).login;
  return { token: login.auth.jwtToken, userId: Number(login.user.id) };
}

async function staffToken(): Promise<string> {
  return (await signIn('staff@demo.test')).token;
}

/** The house of tenant@demo.test's contract, as staff look it up. */
async function tenantHouseId(staff: string): Promise<number> {
  const { userId } = await signIn('tenant@demo.test');
  const contracts = await graphql('query ($filter: JSON) { allTenantContracts(filter: $filter) { houseContractId } }', { filter: { tenantId: userId } }, staff);
  const houseContractId = (contracts.data as { allTenantContracts: Array<{ houseContractId: string }> }).allTenantContracts[0]!.houseContractId;
  const house = await graphql('query ($id: ID!) { HouseContract(id: $id) { houseId } }', { id: houseContractId }, staff);
  return Number((house.data as { HouseContract: { houseId: string } }).HouseContract.houseId);
}

async function signedInTenant(width: number): Promise<Page> {
  const page = await (await running.browser().newContext({ viewport: { width, height: 900 } })).newPage();
  await page.goto(`${running.product().baseUrl}/signin/tenant`);
  await page.getByLabel('Email').fill('tenant@demo.test');
  await page.getByLabel('Password').fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${running.product().baseUrl}/tenant-profile`);
  return page;
}

it.each([1440, 375])('shows a notification that arrives while the page is open, reads it and the count falls (%i px)', async (width) => {
  const staff = await staffToken();
  const houseId = await tenantHouseId(staff);
  const page = await signedInTenant(width);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.waitFor();
  await page.waitForTimeout(500); // the socket authorises

  const title = `Your statement is ready (${width})`;
  const sent = await graphql(
    'mutation ($input: BroadcastNotificationInput!) { broadcastNotification(input: $input) }',
    { input: { houseId, title, message: 'Your statement for 1 November 2026 to 30 November 2026 is ready: £84.20.' } },
    staff,
  );
  expect(sent.errors).toBeUndefined();
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();

  await bell.click();
  const drawer = page.getByRole('region', { name: 'Notifications' });
  await drawer.getByRole('button', { name: new RegExp(title.replace(/[()]/g, '\\$&')) }).click();
  await drawer.getByText('is ready: £84.20.').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  await page.screenshot({ path: `.data/screenshots/notifications-drawer-${width}.png` });

  await drawer.getByRole('button', { name: 'Mark as read' }).click();
  await drawer.getByText('You have no notifications').waitFor();
  expect(await page.getByRole('button', { name: 'Notifications' }).getAttribute('aria-label')).toBe('Notifications');
  await page.context().close();
});

it('hides a success toast after 5 s and keeps an error toast until it is closed', async () => {
  const staff = await staffToken();
  const houseId = await tenantHouseId(staff);
  const page = await signedInTenant(1440);
  await page.getByRole('button', { name: /^Notifications/ }).waitFor();
  await page.waitForTimeout(500);
  const send = (title: string, notificationType: string) =>
    graphql('mutation ($input: BroadcastNotificationInput!) { broadcastNotification(input: $input) }', { input: { houseId, title, message: title, notificationType } }, staff);

  await send('Meter reading approved', 'SUCCESS');
  const success = page.getByRole('status').filter({ hasText: 'Meter reading approved' });
  await success.waitFor();
  const shownAt = Date.now();
  await send('Payment failed', 'ERROR');
  const error = page.getByRole('alert').filter({ hasText: 'Payment failed' });
  await error.waitFor();

  await success.waitFor({ state: 'detached', timeout: 8_000 });
  const hiddenAfter = Date.now() - shownAt;
  expect(hiddenAfter).toBeGreaterThanOrEqual(4_500);
  await page.waitForTimeout(2_000);
  expect(await error.isVisible()).toBe(true);
  await error.getByRole('button', { name: 'Close' }).click();
  await error.waitFor({ state: 'detached' });
  await page.context().close();
});
