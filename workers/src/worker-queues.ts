import { ALL_QUEUES, type QueueDefinition } from '@app/api';

/**
 * The queues this process works: all of them, or those named in WORKER_QUEUES (comma-separated), so an
 * operator can run extra processes for one busy queue (a month-end bill run) next to the general ones.
 */
export function workerQueues(env: NodeJS.ProcessEnv): QueueDefinition[] {
  const asked = (env.WORKER_QUEUES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (asked.length === 0) return ALL_QUEUES;
  const unknown = asked.filter((name) => !ALL_QUEUES.some((queue) => queue.name === name));
  if (unknown.length) throw new Error(`WORKER_QUEUES names unknown queues: ${unknown.join(', ')} (known: ${ALL_QUEUES.map((queue) => queue.name).join(', ')})`);
  return ALL_QUEUES.filter((queue) => asked.includes(queue.name));
}
