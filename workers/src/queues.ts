import type { QueueName } from '@app/api';
import type { Handler } from './handler';
import { deliverOutboxMessageHandler } from './handlers/deliver-outbox-message';
import { sweepOutboxHandler } from './handlers/sweep-outbox';

/** Queue → handler. Typed as a complete record: a queue declared in the registry without a handler does not compile. */
export const HANDLERS: { [Q in QueueName]: Handler<Q> } = {
  'outbox.deliver': deliverOutboxMessageHandler,
  'outbox.sweep': sweepOutboxHandler,
};
