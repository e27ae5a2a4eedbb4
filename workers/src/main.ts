/** The workers process: `npm run workers` (or started by `npm start`). Run as many as you like against one database. */
import { configureCardProviders, createKnex, loadConfig, onShutdown, reportReady, requireDatabaseUrl, selectAdapters } from '@app/api';
import { startHeartbeat } from '../../api/src/modules/operator';
import { HANDLERS } from './queues';
import { SCHEDULES } from './schedules';
import { startWorkers } from './start-workers';
import { workerQueues } from './worker-queues';

async function main(): Promise<void> {
  process.env.APP_PROCESS_NAME ??= 'bills-workers';
  const config = loadConfig();
  const url = requireDatabaseUrl();
  const db = createKnex(url);
  const adapters = selectAdapters(config);
  const cards = await configureCardProviders(config);
  console.log(`[workers] e-mail adapter: ${adapters.email.name}; SMS adapter: ${adapters.sms.name}; card adapters: ${cards.description}`);
  const work = workerQueues(process.env);
  const schedules = SCHEDULES.filter((schedule) => work.some((queue) => queue.name === schedule.queue));
  const workers = await startWorkers(url, { db, adapters }, { work, handlers: HANDLERS as never, schedules });
  console.log(`[workers] pid ${process.pid} working ${work.length} queues, ${schedules.length} schedule(s)`);
  reportReady();
  // log-processes lists this process too (kill-server only stops API processes).
  const stopHeartbeat = startHeartbeat(db, 'workers');
  onShutdown('workers', async () => {
    await stopHeartbeat();
    await workers.stop();
    await cards.stop();
    await db.destroy();
    console.log('[workers] stopped');
  });
}

main().catch((error: unknown) => {
  console.error('[workers] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
