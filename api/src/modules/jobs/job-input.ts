import { ALL_QUEUES, deadLetterName, type QueueDefinition } from '../../jobs/queues';
import { DomainError } from '../../errors/domain-error';

/** The job states pg-boss knows, in the order the console shows them. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One bulk action touches at most this many jobs, so a request cannot lock half the job table. */
export const MAX_IDS = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The registry's definition of a queue; anything else is refused so operators cannot invent queues. */
export function knownQueue(queue: unknown, field = 'queue'): QueueDefinition {
  const found = ALL_QUEUES.find((definition) => definition.name === queue);
  if (!found) throw DomainError.invalid([{ field, rule: 'oneOf', message: `must be one of ${ALL_QUEUES.map((q) => q.name).join(', ')}` }]);
  return found;
}

/** Registry queues and their dead-letter queues: the names a job may live in. */
export const consoleQueueNames = (): string[] => ALL_QUEUES.flatMap(({ name }) => [name, deadLetterName(name)]);

/** Job ids as pg-boss makes them (uuids), 1 to MAX_IDS of them, without duplicates. */
export function validIds(ids: unknown): string[] {
  if (!Array.isArray(ids) || ids.length === 0) throw DomainError.invalid([{ field: 'ids', rule: 'required', message: 'Select at least one job' }]);
  if (ids.length > MAX_IDS) throw DomainError.invalid([{ field: 'ids', rule: 'maxItems', message: `at most ${MAX_IDS} jobs at a time` }]);
  const bad = ids.find((id) => typeof id !== 'string' || !UUID.test(id));
  if (bad !== undefined) throw DomainError.invalid([{ field: 'ids', rule: 'format', message: `"${String(bad)}" is not a job id` }]);
  return [...new Set(ids as string[])];
}

export function validState(state: unknown): JobState {
  if (!(JOB_STATES as readonly unknown[]).includes(state)) {
    throw DomainError.invalid([{ field: 'filter.state', rule: 'oneOf', message: `must be one of ${JOB_STATES.join(', ')}` }]);
  }
  return state as JobState;
}
