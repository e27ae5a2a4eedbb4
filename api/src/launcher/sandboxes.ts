import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config';
import { startStripeSandbox } from '../sandboxes/stripe/stripe-sandbox';

/**
 * `npm start` without STRIPE_SECRET_KEY runs the local Stripe sandbox in the launcher, so the API and the
 * workers talk to one sandbox (STRIPE_SANDBOX_URL) and its webhooks reach the API with a secret both know.
 * Printed at start like the e-mail and SMS adapters. STRIPE_SANDBOX_PORT fixes its port (default: any free one).
 */
export async function startLauncherSandboxes(config: AppConfig, log: (line: string) => void): Promise<{ env: Record<string, string> }> {
  if (config.stripe.secretKey) {
    log('Card provider Stripe: stripe (api.stripe.com)');
    return { env: {} };
  }
  if (config.env === 'production') {
    log('Card provider Stripe: none (set STRIPE_SECRET_KEY)');
    return { env: {} };
  }
  const secret = config.stripe.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const webhookUrl = `${config.backendUrl}/payments/stripe/webhook`;
  const sandbox = await startStripeSandbox({ port: Number(process.env.STRIPE_SANDBOX_PORT ?? 0), webhook: { url: webhookUrl, secret } });
  log(`Card provider Stripe: sandbox://${sandbox.host}:${sandbox.port} (hosted checkout ${sandbox.url}/checkout/…, webhooks to ${webhookUrl})`);
  return { env: { STRIPE_SANDBOX_URL: sandbox.url, STRIPE_WEBHOOK_SECRET: secret } };
}
