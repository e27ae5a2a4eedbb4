import { BACKOFFICE_LOGIN_STRATEGIES, type BackofficeLoginStrategy } from './rules';

/** Runtime configuration from the environment. The launcher, the API and the workers all read it here. */
export interface AppConfig {
  env: 'development' | 'test' | 'production';
  /**
   * Express's `trust proxy`: which proxies' X-Forwarded-For is believed for the client's address (the
   * per-address limits count by it). TRUST_PROXY: `loopback`, addresses or subnets, a hop count, or `false`.
   */
  trustProxy: string | number | boolean;
  port: number;
  baseUrl: string;
  backendUrl: string;
  notifyUrl: string;
  siteName: string;
  phone: string;
  mailFrom: string;
  smtpUrl: string | null;
  twilio: { accountSid: string; authToken: string; from: string } | null;
  backofficeLoginStrategies: BackofficeLoginStrategy[];
  cardProviderPublicKey: string | null;
  googleClientId: string | null;
  /** Shown in a banner on every page of the public site while set (MAINTENANCE_MESSAGE). */
  maintenanceMessage: string | null;
  /** Ids of the site's consent-gated trackers (TRACKER_IDS="analytics=G-…,tagManager=GTM-…"); none by default. */
  trackerIds: Record<string, string>;
  /** OpenID Connect sign-in for back-office staff (Google's issuer unless GOOGLE_ISSUER says otherwise). */
  google: { issuer: string; clientId: string; clientSecret: string } | null;
  /** Lifetime of a sign-in token; the browser re-checks it every 30 minutes and logs out after 3 idle hours. */
  tokenTtlSeconds: number;
  /** Stripe (group 2's card provider): live keys, or the local sandbox's address (STRIPE_SANDBOX_URL, set by `npm start`). */
  stripe: { secretKey: string | null; webhookSecret: string | null; sandboxUrl: string | null };
  /** The second card provider (every other group): its API, or the local sandbox's address (CARD_PROVIDER_2_SANDBOX_URL). */
  cardProvider2: { apiUrl: string | null; apiKey: string | null; callbackSecret: string | null; sandboxUrl: string | null };
  /** The address finder: the service's API and key (ADDRESS_LOOKUP_KEY), or the local sandbox's (set by `npm start`); none: addresses are typed. */
  addressLookup: { url: string; key: string; sandbox: boolean } | null;
  /** Structured logs (pino): LOG_LEVEL and LOG_PRETTY; see logSettings(). */
  log: LogSettings;
  /** The bearer token GET /metrics asks for (METRICS_TOKEN, 16+ characters); unset: /metrics answers 404. */
  metricsToken: string | null;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogSettings {
  level: LogLevel;
  /** One readable line per entry (pino-pretty) instead of one JSON object per line. */
  pretty: boolean;
}

/**
 * LOG_LEVEL: `info` by default, `silent` under jest (JEST_WORKER_ID) so test output stays readable; set it to
 * see a test's logs. LOG_PRETTY: `1`/`true` or `0`/`false`; by default readable lines in development, JSON
 * (one object a line, for a log collector) otherwise. Read on its own too: the logger exists before loadConfig runs.
 */
export function logSettings(env: NodeJS.ProcessEnv = process.env): LogSettings {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  if (raw && !(LOG_LEVELS as readonly string[]).includes(raw)) throw new Error(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  const level = (raw || (env.JEST_WORKER_ID !== undefined ? 'silent' : 'info')) as LogLevel;
  const prettyRaw = env.LOG_PRETTY?.trim().toLowerCase();
  if (prettyRaw && !['1', 'true', '0', 'false'].includes(prettyRaw)) throw new Error(`LOG_PRETTY: must be 1, true, 0 or false, got "${env.LOG_PRETTY}"`);
  const development = env.NODE_ENV !== 'production' && env.NODE_ENV !== 'test';
  return { level, pretty: prettyRaw ? prettyRaw === '1' || prettyRaw === 'true' : development };
}

function parseMetricsToken(raw: string | undefined): string | null {
  const token = raw?.trim();
  if (!token) return null;
  if (token.length < 16 || /\s/.test(token)) throw new Error('METRICS_TOKEN: must be at least 16 characters with no spaces');
  return token;
}

function parseStrategies(raw: string | undefined): BackofficeLoginStrategy[] {
  if (!raw) return [...BACKOFFICE_LOGIN_STRATEGIES];
  const wanted = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = wanted.filter((s) => !(BACKOFFICE_LOGIN_STRATEGIES as readonly string[]).includes(s));
  if (unknown.length) {
    throw new Error(`BACKOFFICE_LOGIN_STRATEGIES: unknown strategy ${unknown.join(', ')} (allowed: ${BACKOFFICE_LOGIN_STRATEGIES.join(', ')})`);
  }
  return wanted as BackofficeLoginStrategy[];
}

function parseTrackerIds(raw: string | undefined): Record<string, string> {
  const pairs = (raw ?? '').split(',').map((pair) => pair.trim()).filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => {
      const match = /^([A-Za-z]\w*)=(\S+)$/.exec(pair);
      if (!match) throw new Error(`TRACKER_IDS: expected name=id pairs separated by commas, got "${pair}"`);
      return [match[1]!, match[2]!];
    }),
  );
}

function parsePort(raw: string | undefined): number {
  const port = Number(raw ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT: must be a whole number from 0 to 65535, got "${raw}"`);
  return port;
}

/** Unset: the local proxies of development (Vite) only, and no proxy at all in production. */
function parseTrustProxy(raw: string | undefined, mode: AppConfig['env']): string | number | boolean {
  const value = raw?.trim();
  if (!value) return mode === 'production' ? false : 'loopback';
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = parsePort(env.PORT);
  const baseUrl = (env.BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const twilioReady = env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM;
  return {
    env: mode,
    trustProxy: parseTrustProxy(env.TRUST_PROXY, mode),
    port,
    baseUrl,
    backendUrl: (env.BACKEND_URL ?? `${baseUrl}/api/v2`).replace(/\/$/, ''),
    notifyUrl: env.NOTIFY_URL ?? `${baseUrl.replace(/^http/, 'ws')}/api/v2/notify`,
    siteName: env.SITE_NAME ?? 'Shared House Bills',
    // Ofcom reserves 020 7946 0000–0999 for drama: a safe default that rings nobody.
    phone: env.PHONE ?? '020 7946 0123',
    mailFrom: env.MAIL_FROM ?? 'Shared House Bills <hello@sharedhousebills.localhost>',
    smtpUrl: env.SMTP_URL || null,
    twilio: twilioReady
      ? { accountSid: env.TWILIO_ACCOUNT_SID!, authToken: env.TWILIO_AUTH_TOKEN!, from: env.TWILIO_FROM! }
      : null,
    backofficeLoginStrategies: parseStrategies(env.BACKOFFICE_LOGIN_STRATEGIES),
    cardProviderPublicKey: env.CARD_PROVIDER_PUBLIC_KEY || null,
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    maintenanceMessage: env.MAINTENANCE_MESSAGE?.trim() || null,
    trackerIds: parseTrackerIds(env.TRACKER_IDS),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { issuer: (env.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/$/, ''), clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : null,
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 12 * 3600),
    stripe: { secretKey: env.STRIPE_SECRET_KEY || null, webhookSecret: env.STRIPE_WEBHOOK_SECRET || null, sandboxUrl: env.STRIPE_SANDBOX_URL || null },
    cardProvider2: { apiUrl: env.CARD_PROVIDER_2_API_URL || null, apiKey: env.CARD_PROVIDER_2_API_KEY || null, callbackSecret: env.CARD_PROVIDER_2_CALLBACK_SECRET || null, sandboxUrl: env.CARD_PROVIDER_2_SANDBOX_URL || null },
    addressLookup: env.ADDRESS_LOOKUP_KEY
      ? { url: env.ADDRESS_LOOKUP_URL || 'https://api.addressy.com', key: env.ADDRESS_LOOKUP_KEY, sandbox: env.ADDRESS_LOOKUP_SANDBOX === 'true' }
      : null,
    log: logSettings(env),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
  };
}
