/** The API process: HTTP on PORT, serving GraphQL, REST and the built front ends. Run by the launcher or alone. */
import type { Server } from 'node:http';
import { createKnex, redact, runMigrations } from '@app/db';
import { createApp } from './app';
import { loadConfig } from './config';
import { startBoss } from './jobs/boss';
import { startHeartbeat } from './modules/operator';
import { onShutdown, reportReady, requireDatabaseUrl } from './lifecycle';
import { componentLogger } from './observability/logger';

const log = componentLogger('api');

async function main(): Promise<void> {
  process.env.APP_PROCESS_NAME ??= 'bills-api';
  const config = loadConfig();
  const url = requireDatabaseUrl();
  const db = createKnex(url);
  await runMigrations(db);
  const boss = await startBoss(url, 'sender');
  const app = await createApp({ db, boss, config, serveFrontends: process.env.SERVE_FRONTENDS !== 'false' });

  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.express.listen(config.port, () => resolve(listening));
    listening.on('error', reject);
  });
  await app.notify.attach(server);
  log.info(`pid ${process.pid} listening on ${config.baseUrl} (database ${redact(url)})`);
  log.info(`card adapters: ${app.cardProviders}`);
  log.info(config.metricsToken ? `metrics: ${config.baseUrl}/metrics (Authorization: Bearer <METRICS_TOKEN>)` : 'metrics: off (set METRICS_TOKEN to serve /metrics)');
  reportReady({ port: config.port });
  // log-processes reads this; kill-server asks this process to drain and stop (SIGTERM: the shutdown below).
  const stopHeartbeat = startHeartbeat(db, 'api', () => process.kill(process.pid, 'SIGTERM'));

  onShutdown('api', async () => {
    // Stop accepting, let requests in flight finish, then drop idle keep-alive sockets.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const forced = setTimeout(() => server.closeAllConnections(), 3000);
    await closed;
    clearTimeout(forced);
    await stopHeartbeat();
    await app.stop();
    await boss.stop({ graceful: false, close: true });
    await db.destroy();
    log.info('stopped');
  });
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, `failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
