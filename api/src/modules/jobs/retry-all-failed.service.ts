import { jobTable } from './boss-sql';
import { knownQueue, MAX_IDS } from './job-input';
import { affectedBy, inJobTransaction, type JobActionContext } from './job-action-context';

/** Puts every failed job of a registry queue back to retry, in batches (pg-boss takes id lists). One audit row for the queue. */
export async function retryAllFailed(context: JobActionContext, queue: unknown): Promise<number> {
  const { name } = knownQueue(queue);
  return inJobTransaction(context, async (trx, db, audit) => {
    const ids = (await jobTable(trx).where({ name, state: 'failed' }).pluck('id')) as string[];
    let affected = 0;
    for (let start = 0; start < ids.length; start += MAX_IDS) {
      affected += affectedBy(await context.boss.retry(name, ids.slice(start, start + MAX_IDS), { db }));
    }
    await audit(name, { queue: name, failed: ids.length }, { queue: name, action: 'retryAllFailed', retried: affected });
    return affected;
  });
}
