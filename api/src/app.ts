import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import type { AppConfig } from './config';
import { buildContext, type GraphQLContext } from './graphql/context';
import { formatError } from './graphql/format-error';
import { GRAPHQL_BODY_LIMIT, introspectionGuard, operationLimits } from './graphql/operation-limits';
import { buildResolvers, typeDefs } from './graphql/schema';
import { loadTokenSecret } from './auth/token-secret';
import { configRoute } from './rest/config.route';
import { billPdfRoute } from './rest/bill-pdf.route';
import { brandLogoRoute } from './rest/brand-logo.route';
import { tenantAreaRoutes } from './modules/tenant-area/tenant-area.routes';
import { directDebitRoutes } from './modules/payments/direct-debit/direct-debit.routes';
import { exportsRoute } from './rest/exports.route';
import { JobFileChanges } from './modules/exports/job-file-changes';
import { usageReportsRoute } from './rest/usage-reports.route';
import { uploadsRoute } from './rest/uploads.route';
import { contractServicesRoute } from './rest/contract-services.route';
import { operatorRoute } from './rest/operator.route';
import { cooperationRoute } from './rest/cooperation.route';
import { apiNotFound, errorHandler } from './rest/error-handler';
import { healthRoute } from './rest/health.route';
import { requestObservability } from './observability/http';
import { accessLogger } from './observability/logger';
import { createMetrics, metricsRoute } from './observability/metrics';
import { googleAuthRoute } from './rest/google-auth.route';
import { ANONYMOUS_BODY_LIMIT, logRoute } from './rest/log.route';
import { pageViewsRoute } from './rest/page-views.route';
import { attachUser } from './rest/rest-route';
import { quotingFlag } from './static/quoting-flag';
import { frontendInlineScriptHashes, serveFrontends } from './static/serve-frontends';
import { securityHeaders } from './static/security-headers';
import { NotifyHub, type NotifyTimings } from './modules/notifications/notify-hub';
import { configureCardProviders } from './modules/payments/configure-card-providers';
import { paymentWebhookRoutes } from './modules/payments/payments.routes';
import { simulateExternalPaymentRoute } from './modules/payments/simulate-external-payment.route';
import { signupRoutes } from './modules/signup/signup.routes';

export interface AppDependencies {
  db: Knex;
  boss: PgBoss;
  config: AppConfig;
  /** Signs and checks sign-in tokens (loadTokenSecret() when not given). */
  tokenSecret?: Uint8Array;
  /** Serve the built site and admin (off for API-only tests and for `npm run dev`, where Vite serves them). */
  serveFrontends?: boolean;
  /** The notification socket's timings (tests shorten them). */
  notifyTimings?: NotifyTimings;
}

export interface App {
  express: express.Express;
  /** The notification socket: attach it to the HTTP server the app listens on. */
  notify: NotifyHub;
  /** Which card adapters this process uses (`sandbox://…` or the live service), for the start-up log. */
  cardProviders: string;
  stop(): Promise<void>;
}

/** The HTTP application: REST and GraphQL under /api/v2, health at /healthz, then the two front ends. */
export async function createApp({ db, boss, config, tokenSecret = loadTokenSecret(), serveFrontends: withFrontends = true, notifyTimings }: AppDependencies): Promise<App> {
  const limits = operationLimits();
  const apollo = new ApolloServer<GraphQLContext>({
    typeDefs,
    resolvers: buildResolvers(),
    formatError,
    // No type sets cache hints, and Apollo's default cache-control plugin wraps every field's resolver to
    // collect them: ~1.5% of the CPU of a 100-row list (bench api, --cpu-prof) for nothing.
    plugins: [...limits.plugins, introspectionGuard(config.env), ApolloServerPluginCacheControlDisabled()],
    validationRules: limits.validationRules,
    // The back office builds its data provider from introspection once signed in; in production an
    // anonymous caller cannot read the schema (introspectionGuard).
    introspection: true,
    includeStacktraceInErrorResponses: false,
    // The process's own shutdown (lifecycle.ts) stops Apollo in order; its signal handlers would race it.
    stopOnTerminationSignals: false,
  });
  await apollo.start();
  const notify = new NotifyHub(db, tokenSecret, notifyTimings);
  // One LISTEN connection for every status call waiting on a job's file (exports, usage reports).
  const jobFiles = new JobFileChanges(db);

  const app = express();
  app.disable('x-powered-by');
  // Only configured proxies may name the client's address: otherwise a client could pick its own and
  // slip past every per-address limit.
  app.set('trust proxy', config.trustProxy);

  // First of all: the request id (X-Request-Id, also in every error body), the access log line and the
  // request duration metric; then GET /metrics for a scraper holding METRICS_TOKEN (observability/).
  const metrics = createMetrics(db);
  app.use(requestObservability({ logger: accessLogger, observe: metrics.observeRequest }));
  app.use(securityHeaders(config, withFrontends ? frontendInlineScriptHashes() : []));
  app.use(healthRoute(db, boss));
  app.use(metricsRoute(metrics, config.metricsToken));
  // Tighter bodies first (the first parser to run wins): GraphQL operations are small, and the anonymous
  // log and page-view writes are capped so nobody stores megabytes through them.
  app.use('/api/v2/graphql', express.json({ limit: GRAPHQL_BODY_LIMIT }));
  app.use(['/api/v2/log', '/api/v2/page-views'], express.json({ limit: ANONYMOUS_BODY_LIMIT }));
  // Card adapters (sandbox or live); webhooks read their raw body, so they come before the JSON parser.
  const cards = await configureCardProviders(config);
  app.use('/api/v2', paymentWebhookRoutes(db));
  app.use('/api/v2', express.json({ limit: '1mb' }));
  app.use('/api/v2', attachUser(db, tokenSecret), configRoute(db, config), logRoute(db), googleAuthRoute(db, config, tokenSecret));
  app.use('/api/v2', pageViewsRoute(db), brandLogoRoute(db));
  app.use('/api/v2', exportsRoute(db, boss, jobFiles));
  app.use('/api/v2', billPdfRoute(db));
  app.use('/api/v2', tenantAreaRoutes(db));
  app.use('/api/v2', directDebitRoutes(db, boss, config));
  app.use('/api/v2', usageReportsRoute(db, jobFiles));
  app.use('/api/v2', uploadsRoute(db, boss, jobFiles));
  app.use('/api/v2', simulateExternalPaymentRoute(db, config));
  app.use('/api/v2', contractServicesRoute(db));
  app.use('/api/v2', operatorRoute(db, boss));
  app.use('/api/v2', cooperationRoute(db, boss, config.baseUrl));
  app.use('/api/v2', signupRoutes(db, boss, config));
  app.use('/api/v2/graphql', expressMiddleware(apollo, { context: buildContext({ db, boss, config, tokenSecret }) }));
  app.use('/api', apiNotFound);
  if (withFrontends) app.use(serveFrontends({ quotingOnline: quotingFlag(db) }));
  app.use(errorHandler);

  return {
    express: app,
    notify,
    cardProviders: cards.description,
    async stop() {
      await notify.stop();
      await jobFiles.stop();
      await apollo.stop();
      await cards.stop();
    },
  };
}
