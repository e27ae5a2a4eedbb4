import path from 'node:path';
import { dataDir, startEmbeddedPostgres, type EmbeddedPostgres } from '@app/db';

export const TEMPLATE_DATABASE = 'bills_test_template';
/** The template plus the demo data set, for tests that sign in as the demo accounts. */
export const DEMO_TEMPLATE_DATABASE = 'bills_test_template_demo';

/**
 * The PostgreSQL server the tests use: DATABASE_URL's server when it is set, otherwise an embedded one in
 * .data/test-postgres on TEST_PG_PORT (default 54339), kept between runs so only the first run pays initdb.
 * Returns a URL whose database part the caller replaces.
 */
export async function startTestServer(): Promise<{ serverUrl: string; embedded: EmbeddedPostgres | null }> {
  if (process.env.DATABASE_URL) return { serverUrl: process.env.DATABASE_URL, embedded: null };
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(dataDir(), 'test-postgres'),
    port: Number(process.env.TEST_PG_PORT ?? 54339),
    password: 'postgres',
  });
  return { serverUrl: embedded.url('postgres'), embedded };
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
