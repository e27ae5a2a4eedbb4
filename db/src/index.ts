export { createKnex, type Knex } from './knex';
export { copyRows, allocateIds, type CopyValue } from './copy-rows';
export { runMigrations } from './migrate';
export { resolveDatabase, redact, DEFAULT_EMBEDDED_PORT, type ResolvedDatabase } from './resolve-database';
export { ensureDatabase } from './ensure-database';
export { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded/embedded-postgres';
export { repoRoot, dataDir } from './paths';
export { isProcessAlive } from './embedded/process-alive';
export * from './models';
