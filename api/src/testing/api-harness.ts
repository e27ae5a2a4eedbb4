import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp, type App } from '../app';
import type { NotifyTimings } from '../modules/notifications/notify-hub';
import { loadConfig } from '../config';
import { startBoss, type PgBoss } from '../jobs/boss';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface ApiHarness {
  db: TestDatabase;
  boss: PgBoss;
  app: App;
  tokenSecret: Uint8Array;
  /** Serves the app on a free port with the notification socket attached; resolves to its base URL. */
  listen(): Promise<string>;
  /** POSTs a GraphQL operation, with a bearer token when given; resolves to the HTTP response. */
  graphql(query: string, variables?: Record<string, unknown>, token?: string | null, headers?: Record<string, string>): request.Test;
  /** Signs in through the `login` mutation and returns the token (throws with the refusal otherwise). */
  signIn(email: string, password?: string, extra?: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

export const TEST_TOKEN_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

export const LOGIN = /* GraphQL */ `
  mutation Login($input: LoginInput!) {
    login(input: $input) { auth { jwtToken } role user { id email firstName lastName } }
  }
`;

/** The API on a database of its own (with the demo data unless told otherwise), for tests that talk to it over HTTP. */
export async function startApiHarness(
  env: NodeJS.ProcessEnv = {},
  { demoData = true, notifyTimings }: { demoData?: boolean; notifyTimings?: NotifyTimings } = {},
): Promise<ApiHarness> {
  const db = await createTestDatabase({ withDemoData: demoData });
  const boss = await startBoss(db.url, 'sender');
  const tokenSecret = TEST_TOKEN_SECRET;
  const app = await createApp({ db: db.knex, boss, config: loadConfig({ NODE_ENV: 'test', ...env }), tokenSecret, serveFrontends: false, notifyTimings });
  let server: http.Server | null = null;
  const graphql: ApiHarness['graphql'] = (query, variables = {}, token = null, headers = {}) =>
    request(app.express)
      .post('/api/v2/graphql')
      .set({ ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) })
      .send({ query, variables });
  return {
    db,
    boss,
    app,
    tokenSecret,
    async listen() {
      server = http.createServer(app.express);
      await app.notify.attach(server);
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    graphql,
    async signIn(email, password = 'Demo1234', extra = {}) {
      const res = await graphql(LOGIN, { input: { email, password, ...extra } });
      if (res.body.errors) throw new Error(`sign-in as ${email} refused: ${res.body.errors[0].message}`);
      return res.body.data.login.auth.jwtToken as string;
    },
    async stop() {
      server?.closeAllConnections();
      await app.stop();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      await boss.stop({ graceful: false, close: true });
      await db.drop();
    },
  };
}
