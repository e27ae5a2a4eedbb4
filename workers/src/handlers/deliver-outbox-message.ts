import { deliverOutboxMessage } from '@app/api';
import type { Handler } from '../handler';

/** One outbox row per job; the service makes a second run of the same job a no-op. */
export const deliverOutboxMessageHandler: Handler<'outbox.deliver'> = async (job, { db, adapters }) => {
  const finalAttempt = job.retryCount >= job.retryLimit;
  const outcome = await deliverOutboxMessage(db, adapters, job.data.messageId, { finalAttempt });
  return { outcome };
};
