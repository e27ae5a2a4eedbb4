import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
import { startStripeSandbox, type StripeSandbox } from '../../sandboxes/stripe/stripe-sandbox';
import { setCardProviders } from './card-provider';
import { StripeCardProvider } from './stripe/stripe-card-provider';

/** The key the sandbox accepts (any sk_test_… does); never a real key. */
export const SANDBOX_SECRET_KEY = 'sk_test_local_sandbox';

export interface ConfiguredCardProviders {
  /** One line for the start-up log, like the e-mail and SMS adapters: `stripe` or `sandbox://…`. */
  description: string;
  /** The in-process sandbox when this process started one (tests, `npm run api` alone). */
  sandbox: StripeSandbox | null;
  stop(): Promise<void>;
}

let ownSandbox: StripeSandbox | null = null;

/** The Stripe sandbox this process started, if any (tests drive it: webhook endpoint, delivery order). */
export function localStripeSandbox(): StripeSandbox | null {
  return ownSandbox;
}

/**
 * Chooses the card adapters from the configuration: live Stripe with STRIPE_SECRET_KEY; the sandbox of
 * STRIPE_SANDBOX_URL (the one `npm start` runs for the API and the workers); otherwise, outside production,
 * a sandbox in this process. Production without keys configures no card provider (card calls then fail
 * with a clear error rather than reach a stand-in).
 */
export async function configureCardProviders(config: AppConfig): Promise<ConfiguredCardProviders> {
  if (config.stripe.secretKey) {
    setCardProviders({ STRIPE: new StripeCardProvider({ secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret ?? '', apiUrl: null }) });
    return { description: 'stripe (api.stripe.com)', sandbox: null, stop: async () => undefined };
  }
  if (config.stripe.sandboxUrl) {
    setCardProviders({ STRIPE: new StripeCardProvider({ secretKey: SANDBOX_SECRET_KEY, webhookSecret: config.stripe.webhookSecret ?? '', apiUrl: config.stripe.sandboxUrl }) });
    return { description: `sandbox://${new URL(config.stripe.sandboxUrl).host}`, sandbox: null, stop: async () => undefined };
  }
  if (config.env === 'production') {
    setCardProviders({});
    return { description: 'none (set STRIPE_SECRET_KEY)', sandbox: null, stop: async () => undefined };
  }
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  // Under test the webhook endpoint is set by the test (the API is not listening on the configured port).
  const sandbox = await startStripeSandbox({ webhook: config.env === 'test' ? null : { url: `${config.backendUrl}/payments/stripe/webhook`, secret: webhookSecret } });
  ownSandbox = sandbox;
  setCardProviders({ STRIPE: new StripeCardProvider({ secretKey: SANDBOX_SECRET_KEY, webhookSecret, apiUrl: sandbox.url }) });
  return {
    description: `sandbox://${sandbox.host}:${sandbox.port}`,
    sandbox,
    async stop() {
      await sandbox.stop();
      if (ownSandbox === sandbox) ownSandbox = null;
    },
  };
}
