/**
 * GET /metrics in Prometheus's text format (prom-client), for a scraper holding METRICS_TOKEN.
 *
 * - Measured in this process: request durations by operation and status class (observability/http.ts), the
 *   knex pool's connections (read at scrape time) and Node's own figures (CPU, memory, event loop, GC).
 * - Read from PostgreSQL at scrape time, so that they are right whichever process did the work (workers run
 *   apart, and any number of them): pg-boss jobs by queue and state, the run time of jobs that finished in the
 *   last 15 minutes, bill runs and their houses, and the last week's collections. One read-only transaction
 *   with a 5-second statement timeout: a slow database costs a scrape its database figures
 *   (`bills_metrics_database_up 0`), never a pile of queries.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Knex } from '@app/db';
import { BOSS_SCHEMA } from '../jobs/boss';
import type { RequestOperation } from './http';
import { componentLogger } from './logger';

const log = componentLogger('metrics');

/** Jobs finished within this many minutes count in the job run-time figures. */
export const JOB_WINDOW_MINUTES = 15;
/** Collections dated within this many days before today (Europe/London), and today's, are counted. */
export const COLLECTION_WINDOW_DAYS = 7;

interface PoolLike {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

const poolOf = (db: Knex): PoolLike | undefined => (db.client as { pool?: PoolLike }).pool;

/** Node's own figures are per process: registered once, whatever number of apps a process (a test) creates. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface Metrics {
  contentType: string;
  observeRequest(operation: RequestOperation, status: number, seconds: number): void;
  /** The whole exposition: this process's figures, then the database's. */
  scrape(): Promise<string>;
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export function createMetrics(db: Knex): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Histogram({
    name: 'bills_http_request_duration_seconds',
    help: 'HTTP requests by operation (REST route pattern or "graphql <operation name>") and status class, until the answer was sent',
    labelNames: ['operation', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  new Gauge({
    name: 'bills_db_pool_connections',
    help: "This process's knex pool: connections in use and idle, callers waiting for one (pending_acquires) and connections being opened (pending_creates)",
    labelNames: ['state'],
    registers,
    collect() {
      const pool = poolOf(db);
      this.set({ state: 'used' }, pool?.numUsed() ?? 0);
      this.set({ state: 'free' }, pool?.numFree() ?? 0);
      this.set({ state: 'pending_acquires' }, pool?.numPendingAcquires() ?? 0);
      this.set({ state: 'pending_creates' }, pool?.numPendingCreates() ?? 0);
    },
  });
  new Gauge({
    name: 'bills_db_pool_max',
    help: "The most connections this process's knex pool opens",
    registers,
    collect() {
      this.set(poolOf(db)?.max ?? 0);
    },
  });
  const databaseUp = new Gauge({ name: 'bills_metrics_database_up', help: '1 when this scrape read the database figures (jobs, bill runs, collections), 0 when that failed or timed out', registers });
  const jobs = new Gauge({
    name: 'bills_jobs',
    help: "pg-boss jobs by queue and state (created, retry, active, completed, cancelled, failed); finished jobs stay until pg-boss's retention deletes them",
    labelNames: ['queue', 'state'],
    registers,
  });
  const jobsFinished = new Gauge({
    name: 'bills_jobs_finished_recent',
    help: `Jobs that finished in the last ${JOB_WINDOW_MINUTES} minutes, by queue and state (completed, failed)`,
    labelNames: ['queue', 'state'],
    registers,
  });
  const jobDurations = new Gauge({
    name: 'bills_job_duration_seconds',
    help: `Run time (started to finished) of the jobs completed in the last ${JOB_WINDOW_MINUTES} minutes, by queue: stat p50, p95, max`,
    labelNames: ['queue', 'stat'],
    registers,
  });
  const billRuns = new Gauge({ name: 'bills_bill_runs', help: 'Bill runs by status (PENDING, RUNNING, COMPLETED, COMPLETED_WITH_FAILURES)', labelNames: ['status'], registers });
  const billRunHouses = new Gauge({
    name: 'bills_bill_run_houses',
    help: 'Houses of each bill run that is pending or running or finished in the last hour, by state (total, done, already_billed, failed, remaining)',
    labelNames: ['bill_run', 'group', 'status', 'state'],
    registers,
  });
  const collections = new Gauge({
    name: 'bills_collections',
    help: `Collections dated from ${COLLECTION_WINDOW_DAYS} days ago to today (Europe/London), by channel and status (PENDING, SUBMITTED, SETTLED, FAILED)`,
    labelNames: ['channel', 'status'],
    registers,
  });
  const collectionsPence = new Gauge({
    name: 'bills_collections_amount_pence',
    help: `Amount of the collections dated from ${COLLECTION_WINDOW_DAYS} days ago to today (Europe/London), by channel and status`,
    labelNames: ['channel', 'status'],
    registers,
  });

  async function readDatabase(): Promise<void> {
    const figures = await db.transaction(async (trx) => {
      await trx.raw("SET LOCAL statement_timeout = '5s'");
      const rows = async <T>(sql: string) => ((await trx.raw(sql)) as { rows: T[] }).rows;
      return {
        jobs: await rows<{ queue: string; state: string; n: number }>(`SELECT name AS queue, state::text AS state, count(*)::int AS n FROM ${BOSS_SCHEMA}.job GROUP BY 1, 2`),
        finished: await rows<{ queue: string; completed: number; failed: number; p50: number | null; p95: number | null; max: number | null }>(
          `SELECT name AS queue,
                  count(*) FILTER (WHERE state = 'completed')::int AS completed,
                  count(*) FILTER (WHERE state = 'failed')::int AS failed,
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM completed_on - started_on)) FILTER (WHERE state = 'completed') AS p50,
                  percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM completed_on - started_on)) FILTER (WHERE state = 'completed') AS p95,
                  max(extract(epoch FROM completed_on - started_on)) FILTER (WHERE state = 'completed')::float8 AS max
             FROM ${BOSS_SCHEMA}.job
            WHERE state IN ('completed', 'failed') AND completed_on > now() - interval '${JOB_WINDOW_MINUTES} minutes' AND started_on IS NOT NULL
            GROUP BY name`,
        ),
        runStatuses: await rows<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM bill_runs GROUP BY status'),
        runs: await rows<{ id: number; group_id: number; status: string; houses_total: number; houses_done: number; houses_already_billed: number; houses_failed: number; houses_remaining: number }>(
          `SELECT id, group_id, status, houses_total, houses_done, houses_already_billed, houses_failed, houses_remaining
             FROM bill_runs WHERE status IN ('PENDING', 'RUNNING') OR finished_at > now() - interval '1 hour'`,
        ),
        collections: await rows<{ channel: string; status: string; n: number; pence: string }>(
          `SELECT channel, status, count(*)::int AS n, coalesce(sum(amount_pence), 0)::bigint AS pence FROM collections
            WHERE collection_date BETWEEN (now() AT TIME ZONE 'Europe/London')::date - ${COLLECTION_WINDOW_DAYS} AND (now() AT TIME ZONE 'Europe/London')::date
            GROUP BY 1, 2`,
        ),
      };
    });
    for (const gauge of [jobs, jobsFinished, jobDurations, billRuns, billRunHouses, collections, collectionsPence]) gauge.reset();
    for (const row of figures.jobs) jobs.set({ queue: row.queue, state: row.state }, row.n);
    for (const row of figures.finished) {
      jobsFinished.set({ queue: row.queue, state: 'completed' }, row.completed);
      jobsFinished.set({ queue: row.queue, state: 'failed' }, row.failed);
      if (row.completed > 0) {
        jobDurations.set({ queue: row.queue, stat: 'p50' }, Number(row.p50));
        jobDurations.set({ queue: row.queue, stat: 'p95' }, Number(row.p95));
        jobDurations.set({ queue: row.queue, stat: 'max' }, Number(row.max));
      }
    }
    for (const row of figures.runStatuses) billRuns.set({ status: row.status }, row.n);
    for (const run of figures.runs) {
      const labels = { bill_run: String(run.id), group: String(run.group_id), status: run.status };
      billRunHouses.set({ ...labels, state: 'total' }, run.houses_total);
      billRunHouses.set({ ...labels, state: 'done' }, run.houses_done);
      billRunHouses.set({ ...labels, state: 'already_billed' }, run.houses_already_billed);
      billRunHouses.set({ ...labels, state: 'failed' }, run.houses_failed);
      billRunHouses.set({ ...labels, state: 'remaining' }, run.houses_remaining);
    }
    for (const row of figures.collections) {
      collections.set({ channel: row.channel, status: row.status }, row.n);
      collectionsPence.set({ channel: row.channel, status: row.status }, Number(row.pence));
    }
  }

  // Two scrapes at once share one read.
  let reading: Promise<void> | null = null;
  const refresh = () =>
    (reading ??= readDatabase()
      .then(() => databaseUp.set(1))
      .catch((error: unknown) => {
        databaseUp.set(0);
        log.warn({ err: error }, 'could not read the database figures for /metrics');
      })
      .finally(() => (reading = null)));

  return {
    contentType: registry.contentType,
    observeRequest(operation, status, seconds) {
      requests.observe({ operation: operation.label, status_class: statusClass(status) }, seconds);
    },
    async scrape() {
      await refresh();
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics. With METRICS_TOKEN set it asks for `Authorization: Bearer <token>` (401 without it or with
 * another); without METRICS_TOKEN it answers 404, as if it did not exist: no figures leave a process nobody
 * configured to be scraped.
 */
export function metricsRoute(metrics: Metrics, token: string | null): RequestHandler {
  const router = Router();
  const expected = token ? digest(token) : null;
  router.get('/metrics', async (req, res, next) => {
    if (!expected) {
      res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Metrics are off: set METRICS_TOKEN to turn them on' } });
      return;
    }
    const given = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).json({ error: { code: 'UNAUTHENTICATED', message: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>' } });
      return;
    }
    try {
      const body = await metrics.scrape();
      res.setHeader('Cache-Control', 'no-store');
      res.type(metrics.contentType).send(body);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
