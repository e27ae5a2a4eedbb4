import { useProductInBrowser } from '@app/api/testing';
import { seriousViolations } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * Customers → Sign-ups: staff helping a visitor on the phone find their sign-up by e-mail and see where it
 * stopped, in words, at a phone's width and a desktop's.
 */

const running = useProductInBrowser();

async function anonymous<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${running.product().baseUrl}/api/v2/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

it.each([1440, 375])('lists sign-ups with the step each stopped at, found by e-mail (%i px)', async (width) => {
  const email = `caller.${width}@example.test`;
  const { startSignup } = await anonymous<{ startSignup: { token: string } }>('mutation { startSignup { token } }', {});
  await anonymous('mutation ($token: ID!, $data: JSON!) { saveSignupStep(token: $token, step: "tenant-details", data: $data) { step } }', { token: startSignup.token, data: { email, postcode: 'LS6 1AA' } });

  const page = await (await running.browser().newContext({ locale: 'en-GB', viewport: { width, height: 900 } })).newPage();
  await signInToBackOffice(page, running.product().baseUrl, 'staff@demo.test', '/admin/1/SignupSession');
  await page.getByRole('heading', { name: 'Sign-ups' }).first().waitFor();
  await page.locator('main').getByLabel('Search').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.waitFor();
  expect(await row.innerText()).toMatch(/Tenant details/);
  expect(await row.innerText()).not.toMatch(/tenant-details|SIGNUP/);
  await page.screenshot({ path: `.data/screenshots/admin-signups-${width}.png` });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
  await page.context().close();
});
