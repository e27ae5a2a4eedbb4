import type { EmbeddedPostgres } from '@app/db';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { testPostgres?: EmbeddedPostgres | null }).testPostgres?.stop();
}
