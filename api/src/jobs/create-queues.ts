import type { PgBoss } from 'pg-boss';
import { deadLetterName, type QueueDefinition } from './queues';

/** Creates (or brings up to date) each queue and its dead-letter queue. Safe to run from several processes. */
export async function createQueues(boss: PgBoss, definitions: QueueDefinition[]): Promise<void> {
  for (const { name, options } of definitions) {
    const deadLetter = deadLetterName(name);
    // Dead-lettered jobs are kept for 30 days so operators can look at them and redrive them.
    const deadOptions = { retryLimit: 0, deleteAfterSeconds: 30 * 24 * 3600, retentionSeconds: 30 * 24 * 3600 };
    if (await boss.getQueue(deadLetter)) await boss.updateQueue(deadLetter, deadOptions);
    else await boss.createQueue(deadLetter, deadOptions);
    const { policy, ...updatable } = options;
    if (await boss.getQueue(name)) await boss.updateQueue(name, { ...updatable, deadLetter });
    else await boss.createQueue(name, { ...options, policy, deadLetter });
  }
}
