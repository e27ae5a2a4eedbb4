import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { freePort, launchChromium, startApiHarness, type ApiHarness } from '../../api/src/testing';
import { localStripeSandbox } from '../../api/src/modules/payments/configure-card-providers';
import { cardProviders } from '../../api/src/modules/payments/card-provider';
import type { StripeCardProvider } from '../../api/src/modules/payments/stripe/stripe-card-provider';

/*
 * The hosted Stripe checkout in Chromium: the tenant's session URL opens the sandbox's page, a person types a
 * card that needs 3-D Secure, clicks "Save card", then "Complete authentication", and lands back on the
 * product with the session id; the card then shows in the tenant's payment methods (attached by the webhook,
 * as the original tab would see it on its next look).
 */

let api: ApiHarness;
let server: Server;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  api = await startApiHarness({ BASE_URL: baseUrl });
  server = api.app.express.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  localStripeSandbox()!.setWebhookEndpoint({ url: `${baseUrl}/api/v2/payments/stripe/webhook`, secret: (cardProviders().STRIPE as StripeCardProvider).settings.webhookSecret });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await localStripeSandbox()?.settled();
  await new Promise((resolve) => server.close(resolve));
  await api.stop();
});

it('saves a card through the hosted page and its 3-D Secure challenge, clicked in Chromium', async () => {
  const token = await api.signIn('group2tenant@demo.test');
  const contract: { id: number } = await api.db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('u.email', 'group2tenant@demo.test').first('tc.id');
  const res = await api.graphql(`mutation ($input: StripeCheckoutSessionInput!) { stripeCreateCheckoutSession(input: $input) { sessionUrl sessionId } }`, { input: { tenantId: String(contract.id), successUrl: `${baseUrl}/tenant-profile` } }, token);
  const { sessionUrl, sessionId } = res.body.data.stripeCreateCheckoutSession;

  const page = await browser.newPage();
  await page.goto(sessionUrl);
  await page.getByLabel('Card number').fill('4000 0025 0000 3155');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.getByRole('heading', { name: '3D Secure 2 Test Page' }).waitFor();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await page.waitForURL(`${baseUrl}/tenant-profile?session_id=${sessionId}`);

  await localStripeSandbox()!.settled();
  const methods = await api.graphql(`query ($id: ID!) { tenantPaymentMethods(tenantId: $id) { cardLast4 isActive } }`, { id: String(contract.id) }, token);
  expect(methods.body.data.tenantPaymentMethods[0]).toEqual({ cardLast4: '3155', isActive: true });
  await page.close();
});
