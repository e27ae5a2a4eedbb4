import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config';
import { startAddressSandbox } from '../sandboxes/address-lookup/address-sandbox';
import { startCardProvider2Sandbox } from '../sandboxes/card-provider-2/card-provider-2-sandbox';
import { startStripeSandbox } from '../sandboxes/stripe/stripe-sandbox';

/**
 * `npm start` without provider keys runs the local card sandboxes (Stripe, the second provider) and the address
 * finder's in the launcher, so the API and the workers talk to one sandbox (STRIPE_SANDBOX_URL) and its webhooks
 * reach the API with a secret both know.
 * Printed at start like the e-mail and SMS adapters. STRIPE_SANDBOX_PORT fixes its port (default: any free one).
 */
export async function startLauncherSandboxes(config: AppConfig, log: (line: string) => void): Promise<{ env: Record<string, string> }> {
  const env: Record<string, string> = {};
  if (config.stripe.secretKey) log('Card provider Stripe: stripe (api.stripe.com)');
  else if (config.env === 'production') log('Card provider Stripe: none (set STRIPE_SECRET_KEY)');
  else {
    const secret = config.stripe.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
    const webhookUrl = `${config.backendUrl}/payments/stripe/webhook`;
    const sandbox = await startStripeSandbox({ port: Number(process.env.STRIPE_SANDBOX_PORT ?? 0), webhook: { url: webhookUrl, secret } });
    log(`Card provider Stripe: sandbox://${sandbox.host}:${sandbox.port} (hosted checkout ${sandbox.url}/checkout/…, webhooks to ${webhookUrl})`);
    Object.assign(env, { STRIPE_SANDBOX_URL: sandbox.url, STRIPE_WEBHOOK_SECRET: secret });
  }
  const second = config.cardProvider2;
  if (second.apiUrl && second.apiKey) log(`Card provider WORLDPAY: ${new URL(second.apiUrl).host}`);
  else if (config.env === 'production') log('Card provider WORLDPAY: none (set CARD_PROVIDER_2_API_URL and CARD_PROVIDER_2_API_KEY)');
  else {
    const secret = second.callbackSecret ?? `cp2sec_${randomBytes(24).toString('hex')}`;
    const callbackUrl = `${config.backendUrl}/payments/card-provider-2/callback`;
    const sandbox = await startCardProvider2Sandbox({ port: Number(process.env.CARD_PROVIDER_2_SANDBOX_PORT ?? 0), callback: { url: callbackUrl, secret } });
    log(`Card provider WORLDPAY: sandbox://${sandbox.host}:${sandbox.port} (hosted page ${sandbox.url}/checkout/…, callbacks to ${callbackUrl})`);
    Object.assign(env, { CARD_PROVIDER_2_SANDBOX_URL: sandbox.url, CARD_PROVIDER_2_CALLBACK_SECRET: secret });
  }
  if (config.addressLookup && !config.addressLookup.sandbox) log(`Address lookup: ${new URL(config.addressLookup.url).host}`);
  else if (config.env === 'production') log('Address lookup: none (set ADDRESS_LOOKUP_KEY); visitors type their address');
  else {
    const key = `SBX1-${randomBytes(6).toString('hex').toUpperCase()}`;
    const sandbox = await startAddressSandbox({ port: Number(process.env.ADDRESS_LOOKUP_SANDBOX_PORT ?? 0), key });
    log(`Address lookup: sandbox://${sandbox.host}:${sandbox.port} (${sandbox.addressCount} addresses in the demo towns, e.g. LS6 1AA)`);
    Object.assign(env, { ADDRESS_LOOKUP_URL: sandbox.url, ADDRESS_LOOKUP_KEY: key, ADDRESS_LOOKUP_SANDBOX: 'true' });
  }
  return { env };
}
