/** What the workers process and the tests use of the API package. */
export { createKnex, type Knex } from '@app/db';
export { loadConfig, type AppConfig } from './config';
export { createApp } from './app';
export { onShutdown, reportReady, requireDatabaseUrl } from './lifecycle';
export { DomainError } from './errors/domain-error';
export { startBoss, BOSS_SCHEMA } from './jobs/boss';
export { createQueues } from './jobs/create-queues';
export { enqueue } from './jobs/enqueue';
export { ALL_QUEUES, QUEUES, deadLetterName, type JobPayloads, type QueueDefinition, type QueueName } from './jobs/queues';
export { selectAdapters, type DeliveryAdapters } from './modules/outbox/adapters/select-adapters';
export { configureCardProviders } from './modules/payments/configure-card-providers';
export { cardProviders, cardProviderForGroup, cardProviderForGroupId, type CardProvider } from './modules/payments/card-provider';
export { createPendingPayment, submitPayment, settlePayment, failPayment } from './modules/payments/payment-ledger.service';
export { deliverOutboxMessage } from './modules/outbox/deliver-message.service';
export { queueEmail, queueSms } from './modules/outbox/queue-message.service';
export { sweepPendingOutbox } from './modules/outbox/sweep-pending.service';
export { SmtpEmailAdapter } from './modules/outbox/adapters/smtp-email.adapter';
export { SandboxSmsAdapter } from './modules/outbox/adapters/sandbox-sms.adapter';
