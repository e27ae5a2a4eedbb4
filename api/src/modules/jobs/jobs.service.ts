import type { Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { applyFilters, applyPage, type ListArgs, type ListSpec } from '../../graphql/list-query';
import { jobTable } from './boss-sql';
import { validState } from './job-input';

const JOB_LIST: ListSpec = {
  columns: {
    id: 'id',
    queue: 'name',
    state: 'state',
    retryCount: 'retry_count',
    createdOn: 'created_on',
    startedOn: 'started_on',
    completedOn: 'completed_on',
    singletonKey: 'singleton_key',
  },
  searchColumns: ['id', 'data', 'output', 'singleton_key'],
  defaultSort: { field: 'createdOn', order: 'DESC' },
};

interface JobRow {
  id: string;
  name: string;
  state: string;
  data: unknown;
  output: unknown;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  singleton_key: string | null;
}

const COLUMNS = ['id', 'name', 'state', 'data', 'output', 'retry_count', 'retry_limit', 'created_on', 'started_on', 'completed_on', 'singleton_key'];

const asObject = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** pg-boss stores a thrown error as the job's output ({ message, stack, … }); a running job may report { progress, message }. */
export function toJob(row: JobRow) {
  const output = asObject(row.output);
  const failedState = row.state === 'failed' || row.state === 'retry';
  const progress = typeof output?.progress === 'number' ? { progress: Math.max(0, Math.min(100, output.progress)), message: typeof output.message === 'string' ? output.message : null } : null;
  return {
    id: row.id,
    queue: row.name,
    state: row.state,
    data: row.data ?? null,
    output: row.output ?? null,
    errorMessage: failedState && typeof output?.message === 'string' ? output.message : null,
    errorStack: failedState && typeof output?.stack === 'string' ? output.stack : null,
    retryCount: row.retry_count,
    retryLimit: row.retry_limit,
    createdOn: row.created_on.toISOString(),
    startedOn: row.started_on?.toISOString() ?? null,
    completedOn: row.completed_on?.toISOString() ?? null,
    singletonKey: row.singleton_key,
    progress,
  };
}

function filtered(db: Knex, args: ListArgs) {
  if (args.filter?.state !== undefined) validState(args.filter.state);
  return applyFilters(jobTable(db), JOB_LIST, args.filter);
}

export async function listJobs(db: Knex, args: ListArgs) {
  const rows = (await applyPage(filtered(db, args).select(COLUMNS), JOB_LIST, args)) as JobRow[];
  return rows.map(toJob);
}

export async function countJobs(db: Knex, args: ListArgs): Promise<{ count: number }> {
  const [row] = await filtered(db, args).count({ count: '*' });
  return { count: Number(row?.count ?? 0) };
}

/** Job ids are uuids, unique across every queue, so the id alone finds the job. */
export async function getJob(db: Knex, id: string) {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? ((await jobTable(db).where({ id }).first(COLUMNS)) as JobRow | undefined) : undefined;
  if (!row) throw new DomainError('NOT_FOUND', `No job "${id}"`);
  return toJob(row);
}
