import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
import { startCardProvider2Sandbox, type CardProvider2Sandbox } from '../../sandboxes/card-provider-2/card-provider-2-sandbox';
import { startStripeSandbox, type StripeSandbox } from '../../sandboxes/stripe/stripe-sandbox';
import { setCardProviders, type CardProviders } from './card-provider';
import { CardProvider2Adapter } from './card-provider-2/card-provider-2.adapter';
import { StripeCardProvider } from './stripe/stripe-card-provider';

/** The keys the sandboxes accept (any sk_test_… / cp2_test_… does); never real keys. */
export const SANDBOX_SECRET_KEY = 'sk_test_local_sandbox';
export const CARD_PROVIDER_2_SANDBOX_KEY = 'cp2_test_local_sandbox';

export interface ConfiguredCardProviders {
  /** For the start-up log, like the e-mail and SMS adapters: `Stripe sandbox://…; WORLDPAY sandbox://…`. */
  description: string;
  stop(): Promise<void>;
}

let ownStripe: StripeSandbox | null = null;
let ownProvider2: CardProvider2Sandbox | null = null;

/** The sandboxes this process started, if any (tests drive them: webhook endpoints, delivery order). */
export function localStripeSandbox(): StripeSandbox | null {
  return ownStripe;
}
export function localCardProvider2Sandbox(): CardProvider2Sandbox | null {
  return ownProvider2;
}

const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('hex')}`;

/**
 * Chooses the card adapters from the configuration, per provider: live keys; the sandbox whose address
 * `npm start` passes (shared by the API and the workers); otherwise, outside production, a sandbox in this
 * process. Production without keys configures no adapter (card calls then fail with a clear error rather
 * than reach a stand-in).
 */
export async function configureCardProviders(config: AppConfig): Promise<ConfiguredCardProviders> {
  const providers: CardProviders = {};
  const lines: string[] = [];
  const stops: Array<() => Promise<void>> = [];
  // Under test the webhook endpoints are set by the test (the API is not listening on the configured port).
  const deliver = config.env !== 'test';

  const { stripe } = config;
  if (stripe.secretKey) {
    providers.STRIPE = new StripeCardProvider({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret ?? '', apiUrl: null });
    lines.push('Stripe stripe (api.stripe.com)');
  } else if (stripe.sandboxUrl) {
    providers.STRIPE = new StripeCardProvider({ secretKey: SANDBOX_SECRET_KEY, webhookSecret: stripe.webhookSecret ?? '', apiUrl: stripe.sandboxUrl });
    lines.push(`Stripe sandbox://${new URL(stripe.sandboxUrl).host}`);
  } else if (config.env !== 'production') {
    const webhookSecret = secret('whsec_');
    const sandbox = await startStripeSandbox({ webhook: deliver ? { url: `${config.backendUrl}/payments/stripe/webhook`, secret: webhookSecret } : null });
    ownStripe = sandbox;
    stops.push(() => sandbox.stop());
    providers.STRIPE = new StripeCardProvider({ secretKey: SANDBOX_SECRET_KEY, webhookSecret, apiUrl: sandbox.url });
    lines.push(`Stripe sandbox://${sandbox.host}:${sandbox.port}`);
  } else lines.push('Stripe none (set STRIPE_SECRET_KEY)');

  const second = config.cardProvider2;
  if (second.apiUrl && second.apiKey) {
    providers.WORLDPAY = new CardProvider2Adapter({ apiUrl: second.apiUrl, apiKey: second.apiKey, callbackSecret: second.callbackSecret ?? '' });
    lines.push(`WORLDPAY ${new URL(second.apiUrl).host}`);
  } else if (second.sandboxUrl) {
    providers.WORLDPAY = new CardProvider2Adapter({ apiUrl: second.sandboxUrl, apiKey: CARD_PROVIDER_2_SANDBOX_KEY, callbackSecret: second.callbackSecret ?? '' });
    lines.push(`WORLDPAY sandbox://${new URL(second.sandboxUrl).host}`);
  } else if (config.env !== 'production') {
    const callbackSecret = secret('cp2sec_');
    const sandbox = await startCardProvider2Sandbox({ callback: deliver ? { url: `${config.backendUrl}/payments/card-provider-2/callback`, secret: callbackSecret } : null });
    ownProvider2 = sandbox;
    stops.push(() => sandbox.stop());
    providers.WORLDPAY = new CardProvider2Adapter({ apiUrl: sandbox.url, apiKey: CARD_PROVIDER_2_SANDBOX_KEY, callbackSecret });
    lines.push(`WORLDPAY sandbox://${sandbox.host}:${sandbox.port}`);
  } else lines.push('WORLDPAY none (set CARD_PROVIDER_2_API_URL and CARD_PROVIDER_2_API_KEY)');

  setCardProviders(providers);
  return {
    description: lines.join('; '),
    async stop() {
      for (const stop of stops) await stop();
      ownStripe = null;
      ownProvider2 = null;
    },
  };
}
