import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import type { AppConfig } from './config';
import { buildContext, type GraphQLContext } from './graphql/context';
import { formatError } from './graphql/format-error';
import { buildResolvers, typeDefs } from './graphql/schema';
import { loadTokenSecret } from './auth/token-secret';
import { configRoute } from './rest/config.route';
import { billPdfRoute } from './rest/bill-pdf.route';
import { directDebitRoutes } from './modules/payments/direct-debit/direct-debit.routes';
import { exportsRoute } from './rest/exports.route';
import { usageReportsRoute } from './rest/usage-reports.route';
import { apiNotFound, errorHandler } from './rest/error-handler';
import { healthRoute } from './rest/health.route';
import { googleAuthRoute } from './rest/google-auth.route';
import { logRoute } from './rest/log.route';
import { pageViewsRoute } from './rest/page-views.route';
import { attachUser } from './rest/rest-route';
import { serveFrontends } from './static/serve-frontends';

export interface AppDependencies {
  db: Knex;
  boss: PgBoss;
  config: AppConfig;
  /** Signs and checks sign-in tokens (loadTokenSecret() when not given). */
  tokenSecret?: Uint8Array;
  /** Serve the built site and admin (off for API-only tests and for `npm run dev`, where Vite serves them). */
  serveFrontends?: boolean;
}

export interface App {
  express: express.Express;
  stop(): Promise<void>;
}

/** The HTTP application: REST and GraphQL under /api/v2, health at /healthz, then the two front ends. */
export async function createApp({ db, boss, config, tokenSecret = loadTokenSecret(), serveFrontends: withFrontends = true }: AppDependencies): Promise<App> {
  const apollo = new ApolloServer<GraphQLContext>({
    typeDefs,
    resolvers: buildResolvers(),
    formatError,
    // The back office builds its data provider from introspection; the schema is no secret, every
    // operation in it is guarded by the access policy.
    introspection: true,
    includeStacktraceInErrorResponses: false,
    // The process's own shutdown (lifecycle.ts) stops Apollo in order; its signal handlers would race it.
    stopOnTerminationSignals: false,
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use(healthRoute(db, boss));
  app.use('/api/v2', express.json({ limit: '1mb' }));
  app.use('/api/v2', attachUser(db, tokenSecret), configRoute(db, config), logRoute(db), googleAuthRoute(db, config, tokenSecret));
  app.use('/api/v2', pageViewsRoute(db));
  app.use('/api/v2', exportsRoute(db, boss));
  app.use('/api/v2', billPdfRoute(db));
  app.use('/api/v2', directDebitRoutes(db, config));
  app.use('/api/v2', usageReportsRoute(db));
  app.use('/api/v2/graphql', expressMiddleware(apollo, { context: buildContext({ db, boss, config, tokenSecret }) }));
  app.use('/api', apiNotFound);
  if (withFrontends) app.use(serveFrontends());
  app.use(errorHandler);

  return { express: app, stop: () => apollo.stop() };
}
