import { sweepPendingOutbox } from '@app/api';
import type { Handler } from '../handler';

export const sweepOutboxHandler: Handler<'outbox.sweep'> = async (_job, { db, boss }) => {
  const requeued = await sweepPendingOutbox(db, boss);
  return { requeued };
};
