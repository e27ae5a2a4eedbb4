/** The workers process: `npm run workers` (or started by `npm start`). Run as many as you like against one database. */
import { componentLogger, configureCardProviders, createKnex, loadConfig, onShutdown, reportReady, requireDatabaseUrl, selectAdapters } from '@app/api';
import { startHeartbeat } from '../../api/src/modules/operator';
import { HANDLERS } from './queues';
import { SCHEDULES } from './schedules';
import { startWorkers } from './start-workers';
import { workerQueues } from './worker-queues';

const log = componentLogger('workers');

async function main(): Promise<void> {
  process.env.APP_PROCESS_NAME ??= 'bills-workers';
  const config = loadConfig();
  const url = requireDatabaseUrl();
  const db = createKnex(url);
  const adapters = selectAdapters(config);
  const cards = await configureCardProviders(config);
  log.info(`e-mail adapter: ${adapters.email.name}; SMS adapter: ${adapters.sms.name}; card adapters: ${cards.description}`);
  const work = workerQueues(process.env);
  const schedules = SCHEDULES.filter((schedule) => work.some((queue) => queue.name === schedule.queue));
  const workers = await startWorkers(url, { db, adapters }, { work, handlers: HANDLERS as never, schedules });
  log.info(`pid ${process.pid} working ${work.length} queues, ${schedules.length} schedule(s)`);
  reportReady();
  // log-processes lists this process too (kill-server only stops API processes).
  const stopHeartbeat = startHeartbeat(db, 'workers');
  onShutdown('workers', async () => {
    await stopHeartbeat();
    await workers.stop();
    await cards.stop();
    await db.destroy();
    log.info('stopped');
  });
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, `failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
