import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import type { AppConfig } from './config';
import { buildContext, type GraphQLContext } from './graphql/context';
import { formatError } from './graphql/format-error';
import { resolvers, typeDefs } from './graphql/schema';
import { configRoute } from './rest/config.route';
import { apiNotFound, errorHandler } from './rest/error-handler';
import { healthRoute } from './rest/health.route';
import { logRoute } from './rest/log.route';
import { serveFrontends } from './static/serve-frontends';

export interface AppDependencies {
  db: Knex;
  boss: PgBoss;
  config: AppConfig;
  /** Serve the built site and admin (off for API-only tests and for `npm run dev`, where Vite serves them). */
  serveFrontends?: boolean;
}

export interface App {
  express: express.Express;
  stop(): Promise<void>;
}

/** The HTTP application: REST and GraphQL under /api/v2, health at /healthz, then the two front ends. */
export async function createApp({ db, boss, config, serveFrontends: withFrontends = true }: AppDependencies): Promise<App> {
  const apollo = new ApolloServer<GraphQLContext>({
    typeDefs,
    resolvers,
    formatError,
    introspection: config.env !== 'production',
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
  app.use('/api/v2', configRoute(db, config), logRoute(db));
  app.use('/api/v2/graphql', expressMiddleware(apollo, { context: buildContext({ db, boss, config }) }));
  app.use('/api', apiNotFound);
  if (withFrontends) app.use(serveFrontends());
  app.use(errorHandler);

  return { express: app, stop: () => apollo.stop() };
}
