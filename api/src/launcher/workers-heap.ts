/**
 * The workers' V8 heap limit. Workers stream exports, reports and finance files whatever their size (cursor
 * batches, backpressure), so a bounded heap is enough, and it turns a regression that starts buffering whole
 * files into a prompt, visible out-of-memory crash of the workers (whose jobs are retried after their expiry)
 * instead of the machine swapping under the API beside them. The export benchmark proves 64 MB suffices for a
 * million-row export; 256 MB leaves room for PDF rendering and several jobs at once.
 */
export const DEFAULT_WORKERS_HEAP_MB = 256;
/** Below this Node itself (tsx, pg-boss, exceljs loaded) does not start reliably. */
const MIN_WORKERS_HEAP_MB = 64;

/** Node arguments for the workers process: `--max-old-space-size` from WORKERS_MAX_OLD_SPACE_MB (MB). */
export function workersHeapArgs(env: NodeJS.ProcessEnv): string[] {
  const raw = env.WORKERS_MAX_OLD_SPACE_MB?.trim();
  const megabytes = raw ? Number(raw) : DEFAULT_WORKERS_HEAP_MB;
  if (!Number.isInteger(megabytes) || megabytes < MIN_WORKERS_HEAP_MB) {
    throw new Error(`WORKERS_MAX_OLD_SPACE_MB must be a whole number of megabytes, at least ${MIN_WORKERS_HEAP_MB} (got "${raw}")`);
  }
  return [`--max-old-space-size=${megabytes}`];
}
