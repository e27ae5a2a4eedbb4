import type { Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import type { ListArgs } from '../../graphql/list-query';
import { ALL_QUEUES, deadLetterName } from '../../jobs/queues';
import { jobTable } from './boss-sql';
import { filterInMemory, pageInMemory } from './in-memory-list';
import { JOB_STATES, type JobState } from './job-input';

export interface JobQueueRecord {
  id: string;
  name: string;
  description: string;
  created: number;
  retry: number;
  active: number;
  completed: number;
  failed: number;
  cancelled: number;
  backlog: number;
  oldestWaitingOn: string | null;
  deadLetterQueue: string;
  deadLetterCount: number;
  retryLimit: number | null;
  retryDelay: number | null;
  retryBackoff: boolean | null;
  expireInSeconds: number | null;
}

/** Every registry queue with live counts per state, read from the job table (not pg-boss's cached counts). */
async function allQueues(db: Knex): Promise<JobQueueRecord[]> {
  const names = ALL_QUEUES.flatMap(({ name }) => [name, deadLetterName(name)]);
  const counts = (await jobTable(db)
    .whereIn('name', names)
    .groupBy('name', 'state')
    .select('name', 'state')
    .count({ count: '*' })
    // Waiting = created or retry; the oldest one says how far behind the workers are.
    .min({ oldest: db.raw("CASE WHEN state IN ('created', 'retry') THEN created_on END") })) as Array<{ name: string; state: JobState; count: string; oldest: Date | null }>;
  const countOf = (name: string, state: JobState) => Number(counts.find((row) => row.name === name && row.state === state)?.count ?? 0);
  return ALL_QUEUES.map(({ name, description, options }) => {
    const byState = Object.fromEntries(JOB_STATES.map((state) => [state, countOf(name, state)])) as Record<JobState, number>;
    const oldest = counts
      .filter((row) => row.name === name && row.oldest)
      .map((row) => new Date(row.oldest!).getTime())
      .sort((a, b) => a - b)[0];
    const deadLetterQueue = deadLetterName(name);
    return {
      id: name,
      name,
      description,
      ...byState,
      backlog: byState.created + byState.retry,
      oldestWaitingOn: oldest === undefined ? null : new Date(oldest).toISOString(),
      deadLetterQueue,
      deadLetterCount: JOB_STATES.reduce((sum, state) => sum + countOf(deadLetterQueue, state), 0),
      retryLimit: options.retryLimit ?? null,
      retryDelay: options.retryDelay ?? null,
      retryBackoff: options.retryBackoff ?? null,
      expireInSeconds: options.expireInSeconds ?? null,
    };
  });
}

export async function listJobQueues(db: Knex, args: ListArgs): Promise<JobQueueRecord[]> {
  return pageInMemory(filterInMemory(await allQueues(db), args.filter), args, 'name');
}

export async function countJobQueues(db: Knex, args: ListArgs): Promise<{ count: number }> {
  return { count: filterInMemory(await allQueues(db), args.filter).length };
}

export async function getJobQueue(db: Knex, id: string): Promise<JobQueueRecord> {
  const found = (await allQueues(db)).find((queue) => queue.id === id);
  if (!found) throw new DomainError('NOT_FOUND', `No queue "${id}"`);
  return found;
}
