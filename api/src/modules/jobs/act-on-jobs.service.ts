import { jobTable } from './boss-sql';
import { validIds } from './job-input';
import { affectedBy, inJobTransaction, type JobActionContext } from './job-action-context';

export type JobCommand = 'retry' | 'cancel' | 'resume';

/**
 * Retry, cancel or resume the selected jobs. pg-boss acts per queue, so the ids are grouped by the queue
 * each job is in (looked up by id: ids are unique across queues). Each job whose state changed gets an
 * audit row with its state before and after. Answers how many jobs pg-boss changed.
 */
export async function actOnJobs(context: JobActionContext, command: JobCommand, rawIds: unknown): Promise<number> {
  const ids = validIds(rawIds);
  return inJobTransaction(context, async (trx, db, audit) => {
    const before = (await jobTable(trx).whereIn('id', ids).select('id', 'name', 'state')) as Array<{ id: string; name: string; state: string }>;
    let affected = 0;
    for (const queue of new Set(before.map((job) => job.name))) {
      const queueIds = before.filter((job) => job.name === queue).map((job) => job.id);
      affected += affectedBy(await context.boss[command](queue, queueIds, { db }));
    }
    const after = (await jobTable(trx).whereIn('id', ids).select('id', 'state')) as Array<{ id: string; state: string }>;
    for (const job of before) {
      const now = after.find((row) => row.id === job.id)?.state;
      if (now !== job.state) await audit(job.id, { queue: job.name, state: job.state }, { queue: job.name, state: now ?? null, action: command });
    }
    return affected;
  });
}
