import path from 'node:path';
import { startEmbeddedPostgres } from './embedded/embedded-postgres';
import { ensureDatabase } from './ensure-database';
import { dataDir } from './paths';

export interface ResolvedDatabase {
  url: string;
  /** 'embedded' when this process started its own PostgreSQL, 'external' for DATABASE_URL. */
  kind: 'embedded' | 'external';
  stop(): Promise<void>;
}

export const DEFAULT_EMBEDDED_PORT = 54329;

/**
 * DATABASE_URL when it is set; otherwise a real PostgreSQL started from the embedded-postgres package in
 * the project's data folder (EMBEDDED_PG_PORT, default 54329, never 5432), with the database `bills`.
 */
export async function resolveDatabase(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<ResolvedDatabase> {
  if (env.DATABASE_URL) {
    await ensureDatabase(env.DATABASE_URL);
    log(`Using the PostgreSQL server at ${redact(env.DATABASE_URL)}`);
    return { url: env.DATABASE_URL, kind: 'external', stop: async () => undefined };
  }
  const port = Number(env.EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PORT);
  if (!Number.isInteger(port) || port <= 0 || port > 65535 || port === 5432) {
    throw new Error(`EMBEDDED_PG_PORT: must be a free port other than 5432, got "${env.EMBEDDED_PG_PORT}"`);
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: env.EMBEDDED_PG_DATA_DIR ?? path.join(dataDir(), 'postgres'),
    port,
    // The cluster listens on 127.0.0.1 only; the password keeps other local users out.
    password: env.EMBEDDED_PG_PASSWORD ?? 'postgres',
    log,
  });
  const url = embedded.url('bills');
  try {
    await ensureDatabase(url);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return { url, kind: 'embedded', stop: () => embedded.stop() };
}

/** The URL without its password, for logs. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}
