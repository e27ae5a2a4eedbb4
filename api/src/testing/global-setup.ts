import pg from 'pg';
import { createKnex, runMigrations } from '@app/db';
import { loadDemoData } from '@app/fixtures';
import { startBoss } from '../jobs/boss';
import { DEMO_TEMPLATE_DATABASE, startTestServer, TEMPLATE_DATABASE, withDatabase } from './server-for-tests';

/**
 * Once per `jest` run: start (or find) the server, drop what earlier runs left, and build a template
 * database with every migration and the job-queue schema. Each test file then clones it (test-database.ts).
 */
export default async function globalSetup(): Promise<void> {
  const { serverUrl, embedded } = await startTestServer();
  (globalThis as { testPostgres?: unknown }).testPostgres = embedded;
  process.env.TEST_SERVER_URL = serverUrl;

  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE 'bills\\_test\\_%'`,
      [TEMPLATE_DATABASE],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }

  const templateUrl = withDatabase(serverUrl, TEMPLATE_DATABASE);
  const knex = createKnex(templateUrl, { poolMax: 1 });
  await runMigrations(knex);
  await knex.destroy();
  const boss = await startBoss(templateUrl, 'sender');
  await boss.stop({ graceful: false, close: true });

  // The demo data once, in a second template: most API test files start from it (cloning beats loading).
  const cloner = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await cloner.connect();
  try {
    await cloner.query(`CREATE DATABASE "${DEMO_TEMPLATE_DATABASE}" TEMPLATE "${TEMPLATE_DATABASE}"`);
  } finally {
    await cloner.end();
  }
  const demo = createKnex(withDatabase(serverUrl, DEMO_TEMPLATE_DATABASE), { poolMax: 1 });
  await loadDemoData(demo);
  await demo.destroy();
}
