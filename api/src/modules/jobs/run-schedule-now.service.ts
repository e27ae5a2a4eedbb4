import { DomainError } from '../../errors/domain-error';
import { knownQueue } from './job-input';
import { inJobTransaction, type JobActionContext } from './job-action-context';
import { findSchedule } from './job-schedules.service';

/**
 * Sends the job a schedule would send, now, with the schedule's payload. Only scheduled queues: running
 * e.g. a delivery job without its message id would only fail. The next scheduled run is unaffected.
 */
export async function runScheduleNow(context: JobActionContext, queue: unknown): Promise<number> {
  const { name } = knownQueue(queue);
  return inJobTransaction(context, async (trx, db, audit) => {
    const schedule = await findSchedule(trx, name);
    if (!schedule) throw DomainError.invalid([{ field: 'queue', rule: 'scheduled', message: `"${name}" has no schedule` }]);
    const id = await context.boss.send(name, schedule.data ?? {}, { db });
    // A singleton queue may refuse a second waiting job: then nothing was sent.
    await audit(id ?? name, { queue: name }, { queue: name, action: 'runScheduleNow', jobId: id });
    return id ? 1 : 0;
  });
}
