import { componentLogger, logger } from './observability/logger';

/**
 * Graceful stop for the API and workers processes: SIGTERM or SIGINT, or the launcher going away (its IPC
 * channel closes, even when it was killed with SIGKILL), runs `stop` once and exits.
 */
export function onShutdown(name: string, stop: () => Promise<void>): void {
  let stopping = false;
  const run = (reason: string) => {
    if (stopping) return;
    stopping = true;
    const log = componentLogger(name);
    log.info(`stopping (${reason})`);
    stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log.error({ err: error }, 'failed to stop cleanly');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => run('SIGTERM'));
  process.on('SIGINT', () => run('SIGINT'));
  if (process.send) process.on('disconnect', () => run('launcher went away'));
}

/** Tells the launcher (when there is one) that this process is ready. */
export function reportReady(detail: Record<string, unknown> = {}): void {
  process.send?.({ type: 'ready', ...detail });
}

export function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    logger.fatal('DATABASE_URL is required (npm start sets it for you; see README "Configuration")');
    process.exit(1);
  }
  return url;
}
