import type { Queue } from 'pg-boss';

/**
 * Every queue of the product, declared once: retry limit and backoff, expiry, heartbeat for long jobs, and
 * its dead-letter queue (`<name>.dead`), where a job lands after its last retry. The workers create them all
 * at start (dead-letter queues first) and must register a handler for each (see workers/src/queues.ts).
 */
export interface QueueDefinition {
  name: string;
  description: string;
  options: Omit<Queue, 'name' | 'deadLetter'>;
}

export const deadLetterName = (queue: string): string => `${queue}.dead`;

/** What each queue's jobs carry. A handler receives exactly this; enqueue() accepts exactly this. */
export interface JobPayloads {
  'outbox.deliver': { messageId: number };
  'outbox.sweep': Record<string, never>;
}

export type QueueName = keyof JobPayloads;

export const QUEUES: Record<QueueName, QueueDefinition> = {
  'outbox.deliver': {
    name: 'outbox.deliver',
    description: 'Delivers one e-mail or SMS of the outbox',
    // An SMTP server or Twilio that is down for a while: back off from 10 s up to 30 min, 8 tries in all.
    options: { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 120 },
  },
  'outbox.sweep': {
    name: 'outbox.sweep',
    description: 'Re-enqueues outbox messages still pending after 15 minutes (a safety net; delivery is idempotent)',
    options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300, policy: 'singleton' },
  },
};

export const ALL_QUEUES: QueueDefinition[] = Object.values(QUEUES);
