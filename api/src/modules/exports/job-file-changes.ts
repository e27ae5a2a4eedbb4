import pg from 'pg';
import type { Knex } from '@app/db';
import { componentLogger } from '../../observability/logger';

const log = componentLogger('job-files');

/**
 * The channel the `job_file_changes` triggers NOTIFY on (migration 20261129500000): `export:<uuid>` when an
 * export_files row's status or counts change, `upload:<id>` when an uploads row's (a usage report) do.
 * PostgreSQL delivers it when the writing transaction commits, whichever process wrote it.
 */
export const JOB_FILE_CHANGES_CHANNEL = 'job_file_changes';

/** The longest a status call may wait for a change (a proxy's idle timeout is usually 30 s or more). */
export const MAX_WAIT_MS = 25_000;

const RELISTEN_DELAY_MS = 1_000;

/**
 * The key a status call waits on: `<kind>:<id>` as the trigger writes it, the id as PostgreSQL prints it ("7" for a
 * caller's "007"), so every way of naming a record is woken by its change.
 */
export function jobFileKey(kind: 'export' | 'upload' | 'reading-import' | 'record-import', id: string): string {
  return `${kind}:${/^\d{1,9}$/.test(id) ? Number(id) : id}`;
}

/** `?wait=<ms>` of a status call: 0 (answer at once) when absent, capped at MAX_WAIT_MS. */
export function waitMsOf(raw: unknown): number {
  const ms = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return Math.min(ms, MAX_WAIT_MS);
}

/**
 * Long-polls of job files (a list export, a finance file, a usage report) in one API process: ONE LISTEN
 * connection of its own (outside the query pool, opened at the first wait), however many people wait, each
 * waiter woken the moment its record changes. So someone waiting on a small file has it as soon as the job
 * marks it done, instead of at their next poll.
 */
export class JobFileChanges {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly waiters = new Map<string, Set<() => void>>();
  private stopped = false;

  constructor(private readonly db: Knex) {}

  /**
   * Waits until `key` (`export:<id>`, `upload:<id>`) changes or `timeoutMs` passes. `read` runs once the
   * LISTEN is in place: when it says the record is already settled (done, failed) there is nothing to wait
   * for, and a change committed between the caller's last look and now is not missed.
   */
  async waitFor<T>(key: string, timeoutMs: number, read: () => Promise<T>, settled: (value: T) => boolean): Promise<T> {
    if (timeoutMs <= 0 || this.stopped) return read();
    let wake!: () => void;
    const changed = new Promise<void>((resolve) => (wake = resolve));
    const set = this.waiters.get(key) ?? new Set();
    set.add(wake);
    this.waiters.set(key, set);
    let timer: NodeJS.Timeout | undefined;
    try {
      // Without the LISTEN connection (PostgreSQL restarting) the call still answers, after a short plain wait.
      const listening = await this.listening().then(
        () => true,
        () => false,
      );
      const first = await read();
      if (settled(first)) return first;
      const limit = listening ? timeoutMs : Math.min(timeoutMs, RELISTEN_DELAY_MS);
      await Promise.race([changed, new Promise<void>((resolve) => (timer = setTimeout(resolve, limit)))]);
      return await read();
    } finally {
      clearTimeout(timer);
      set.delete(wake);
      if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
    }
  }

  /** How many requests are waiting (tests). */
  get waiting(): number {
    let count = 0;
    for (const set of this.waiters.values()) count += set.size;
    return count;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const set of this.waiters.values()) for (const wake of set) wake();
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    if (client) {
      client.removeAllListeners('notification');
      await client.end().catch(() => undefined);
    }
  }

  private listening(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client(this.db.client.config.connection as pg.ClientConfig);
    client.on('notification', (message) => this.wake(message.payload ?? ''));
    client.on('error', (error) => {
      log.error(`lost the LISTEN connection: ${error.message}`);
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      // Whoever waits reads again now (a change during the outage would be missed) and their next call listens anew.
      setTimeout(() => this.wakeAll(), RELISTEN_DELAY_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${JOB_FILE_CHANGES_CHANNEL}`);
    if (this.stopped) {
      await client.end();
      throw new Error('stopped');
    }
    this.client = client;
    return client;
  }

  private wake(key: string): void {
    for (const wake of this.waiters.get(key) ?? []) wake();
  }

  private wakeAll(): void {
    for (const set of this.waiters.values()) for (const wake of set) wake();
  }
}
