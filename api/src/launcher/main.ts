/**
 * `npm start`: the whole product on one machine. Starts (or finds) PostgreSQL, applies migrations, loads
 * the demo data once, then runs the API (serving site and back office) and the job workers as two child
 * processes. Ctrl-C or SIGTERM stops the workers, then the API, then the embedded PostgreSQL.
 * `npm run dev` does the same with the API and workers restarting on change and Vite serving the front ends.
 */
import { createKnex, resolveDatabase, runMigrations, type ResolvedDatabase } from '@app/db';
import { loadDemoData } from '@app/fixtures';
import { loadConfig } from '../config';
import { componentLogger } from '../observability/logger';
import { developmentMetricsToken } from '../observability/metrics-token';
import { startChild, type ManagedChild } from './child-process';
import { ensureFrontendsBuilt } from './ensure-built';
import { startViteDevServers } from './vite-dev';
import { startWorkersProcess } from './workers-process';
import { startLauncherSandboxes } from './sandboxes';

// Person-readable `[start] …` lines in development (LOG_PRETTY), JSON lines with the same text otherwise.
const startLog = componentLogger('start');
const log = (line: string) => startLog.info(line);
const dev = process.argv.includes('--dev');

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  if (!dev) ensureFrontendsBuilt(log);

  let database: ResolvedDatabase | null = null;
  const children: ManagedChild[] = [];
  let stopping: Promise<void> | null = null;
  const stopAll = (code: number) => {
    stopping ??= (async () => {
      log('Stopping: workers, then API, then database');
      // Children in the reverse order of their start: workers before the API; Vite dev servers first of all.
      for (const child of [...children].reverse()) await child.stop(child.name === 'workers' ? 6000 : 2500);
      await database?.stop();
      log('Stopped');
      process.exit(code);
    })();
    return stopping;
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    database = await resolveDatabase(process.env, log);
    const knex = createKnex(database.url, { poolMax: 2 });
    try {
      const applied = await runMigrations(knex);
      if (applied.length) log(`Applied ${applied.length} migration(s)`);
      if (config.env !== 'production' && process.env.DEMO_DATA !== 'false') {
        log((await loadDemoData(knex)) ? 'Loaded the demo data' : 'Demo data already present');
      }
    } finally {
      await knex.destroy();
    }

    // Local stand-ins for the card providers, shared by the API and the workers (none when keys are set).
    const sandboxes = await startLauncherSandboxes(config, log);
    // GET /metrics: METRICS_TOKEN when set; outside production a token kept in the data folder otherwise.
    const metrics = developmentMetricsToken();
    if (metrics) log(`Metrics: ${config.baseUrl}/metrics with "Authorization: Bearer ${metrics.token}" (development token, kept in ${metrics.file})`);
    else log(process.env.METRICS_TOKEN?.trim() ? `Metrics: ${config.baseUrl}/metrics (Authorization: Bearer <METRICS_TOKEN>)` : 'Metrics: off (set METRICS_TOKEN to serve /metrics)');
    const env = { ...process.env, ...sandboxes.env, ...(metrics ? { METRICS_TOKEN: metrics.token } : {}), DATABASE_URL: database.url, ...(dev ? { SERVE_FRONTENDS: 'false' } : {}) };
    const watch = dev ? ['--watch'] : [];
    children.push(startChild('api', 'api/src/main.ts', env, watch));
    // A bounded heap for the workers (see workers-heap.ts); the API keeps Node's default.
    children.push(startWorkersProcess('workers', env, watch));
    if (dev) children.unshift(...startViteDevServers());
    for (const child of children) {
      child.process.once('exit', (code) => {
        if (!stopping) {
          log(`${child.name} stopped unexpectedly (exit ${code}); stopping everything`);
          void stopAll(1);
        }
      });
    }
    await Promise.all(children.map((child) => child.ready));
    const [site, admin] = dev ? ['http://localhost:5173', 'http://localhost:5174'] : [config.baseUrl, config.baseUrl];
    log(`Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${site}/ (site), ${admin}/admin/1/ (back office), ${config.baseUrl}/api/v2 (API)`);
  } catch (error) {
    startLog.error({ err: error }, error instanceof Error ? error.message : String(error));
    await stopAll(1);
  }
}

void main();
