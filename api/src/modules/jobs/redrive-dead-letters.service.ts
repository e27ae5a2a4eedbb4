import { deadLetterName } from '../../jobs/queues';
import { jobTable } from './boss-sql';
import { knownQueue } from './job-input';
import { inJobTransaction, type JobActionContext } from './job-action-context';

const REDRIVE_BATCH = 1000;

/**
 * Moves the jobs of a queue's dead-letter queue back to the queue they failed on (pg-boss's redrive,
 * which moves at most a batch per call, so loop until a short batch). One audit row for the queue.
 */
export async function redriveDeadLetters(context: JobActionContext, queue: unknown): Promise<number> {
  const { name } = knownQueue(queue);
  const deadLetter = deadLetterName(name);
  return inJobTransaction(context, async (trx, db, audit) => {
    const [{ count } = { count: 0 }] = await jobTable(trx).where({ name: deadLetter }).count({ count: '*' });
    let moved = 0;
    for (;;) {
      const batch = await context.boss.redrive(deadLetter, { db, limit: REDRIVE_BATCH, destination: name });
      moved += batch;
      if (batch < REDRIVE_BATCH) break;
    }
    await audit(name, { queue: name, deadLetterQueue: deadLetter, deadLetterCount: Number(count) }, { queue: name, action: 'redriveDeadLetters', redriven: moved });
    return moved;
  });
}
