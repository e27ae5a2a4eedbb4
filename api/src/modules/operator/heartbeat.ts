import os from 'node:os';
import type { Knex } from '@app/db';
import { componentLogger } from '../../observability/logger';
import { activeRenders } from './active-renders';

export const HEARTBEAT_SECONDS = 15;

/** This process's heartbeat row id: host, pid and kind. */
export const processId = (kind: string): string => `${os.hostname()}:${process.pid}:${kind}`;

/**
 * Writes this process's heartbeat now and every 15 s (pid, host, uptime, memory) for log-processes; when an
 * operator has asked this process to stop (kill-server), calls `onStopRequested` once so the process drains
 * and exits for its supervisor to restart it. Returns the function that stops the heartbeat.
 */
export function startHeartbeat(db: Knex, kind: 'api' | 'workers', onStopRequested?: () => void, everySeconds = HEARTBEAT_SECONDS): () => Promise<void> {
  const id = processId(kind);
  const startedAt = new Date(Date.now() - process.uptime() * 1000);
  let stopping = false;
  const beat = async () => {
    const memory = process.memoryUsage();
    const [row] = await db('process_heartbeats')
      .insert({ id, kind, pid: process.pid, host: os.hostname(), started_at: startedAt, last_heartbeat_at: db.fn.now(), rss_bytes: memory.rss, heap_used_bytes: memory.heapUsed, active_renders: JSON.stringify(activeRenders()) })
      .onConflict('id')
      .merge(['last_heartbeat_at', 'rss_bytes', 'heap_used_bytes', 'active_renders'])
      .returning('stop_requested_at');
    if (row?.stop_requested_at && !stopping && onStopRequested) {
      stopping = true;
      onStopRequested();
    }
  };
  const safeBeat = () => beat().catch((error: unknown) => componentLogger(kind).error({ err: error }, `heartbeat failed: ${error instanceof Error ? error.message : String(error)}`));
  void safeBeat();
  const timer = setInterval(() => void safeBeat(), everySeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await db('process_heartbeats').where({ id }).delete().catch(() => undefined);
  };
}
