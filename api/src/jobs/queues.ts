import type { Queue } from 'pg-boss';

/**
 * Every queue of the product, declared once: retry limit and backoff, expiry, heartbeat for long jobs, and
 * its dead-letter queue (`<name>.dead`), where a job lands after its last retry. Queues whose jobs someone
 * is waiting on (`notify`) wake the workers as a job is sent (LISTEN/NOTIFY) instead of at their next poll
 * (2 s): an e-mail, an export, a bill run and its houses, a finance file, a usage report. The workers create them all
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
  'exports.run': { exportId: string };
  'exports.cleanup': Record<string, never>;
  'billing.run': { billRunId: number };
  'billing.house': { billRunId: number; houseContractId: number; periodStart: string; periodEnd: string };
  'billing.statement-email': { houseBillIds: number[] };
  /** No tenant contract: the daily sweep that enqueues one job per contract due a final statement. */
  'billing.final-statements': { tenantContractId?: number };
  /** A sales journal or Sage CSV file queued by its mutation (export_files row), and the record it is of. */
  'finance.export': { exportId: string; resource: 'SalesJournal' | 'AccountingExport'; recordId: number };
  /** A usage report asked for by staff (its uploads row, IN_PROGRESS). */
  'reports.usage': { uploadId: number };
  /** A readings file staff uploaded (its reading_imports row, PENDING). */
  'imports.readings': { importId: number };
  /** A file of records staff uploaded (its record_imports row, PENDING): tenants, contacts, tariffs or supplier contracts. */
  'imports.records': { importId: number };
  /** The daily automated billing: decides per group from the settings, so it carries nothing. */
  'billing.automation': Record<string, never>;
  /** Every few minutes: tells staff who can see the job console about jobs newly dead-lettered. */
  'jobs.dead-letter-alerts': Record<string, never>;
  /** The daily collections run (schedules → card charges and the day's Bacs files); `today` only from tests and operators. */
  'payments.collections': { today?: string };
  /** The daily credit-control ladder; `today` only from tests and operators. */
  'credit-control.ladder': { today?: string };
  /** Failed payments not yet processed (every minute): cases opened or advanced, tenants texted. */
  'credit-control.failed-payments': Record<string, never>;
  /** A house contract a sign-up created: its services ordered by the tenant are placed with the suppliers. */
  'signup.order-services': { houseContractId: number };
}

export type QueueName = keyof JobPayloads;

export const QUEUES: Record<QueueName, QueueDefinition> = {
  'outbox.deliver': {
    name: 'outbox.deliver',
    description: 'Delivers one e-mail or SMS of the outbox',
    // An SMTP server or Twilio that is down for a while: back off from 10 s up to 30 min, 8 tries in all.
    options: { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 120, notify: true },
  },
  'outbox.sweep': {
    name: 'outbox.sweep',
    description: 'Re-enqueues outbox messages still pending after 15 minutes (a safety net; delivery is idempotent)',
    options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300, policy: 'singleton' },
  },
  'exports.run': {
    name: 'exports.run',
    description: 'Streams one list export (CSV, XLSX or zip) to the exports folder; reports progress as it goes',
    // A million-row XLSX takes about a minute; a second try starts the file again from scratch.
    // Heartbeats every 15 s (pg-boss sends them while the handler runs): a dead worker's export is retried in
    // about 30 s, not after the 30-minute expiry.
    options: { retryLimit: 1, retryDelay: 30, expireInSeconds: 1800, heartbeatSeconds: 30, notify: true },
  },
  'exports.cleanup': {
    name: 'exports.cleanup',
    description: 'Deletes export files past their expiry (24 h) and marks their rows EXPIRED',
    options: { retryLimit: 2, retryDelay: 300, expireInSeconds: 600, policy: 'singleton' },
  },
  'billing.run': {
    name: 'billing.run',
    description: 'Fans a bill run out: records every BILL house contract of the group and period, enqueues one billing.house job each',
    // Safe to repeat: houses are inserted ON CONFLICT DO NOTHING and each house job is idempotent.
    options: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 900, heartbeatSeconds: 30, notify: true },
  },
  'billing.house': {
    name: 'billing.house',
    description: 'Issues one house statement and its tenant statements for a bill run (already billed: nothing to do)',
    // One job at a time per house and period (singletonKey houseContractId:periodStart:periodEnd); the unique
    // index on issued statements per contract and period is what really prevents a second statement.
    // Worked in batches (workers/src/handlers/billing-house.ts), with heartbeats while a batch runs.
    options: { retryLimit: 3, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 300, heartbeatSeconds: 30, policy: 'singleton', notify: true },
  },
  'billing.final-statements': {
    name: 'billing.final-statements',
    description: 'PLAN final statements: the daily sweep enqueues one job per tenant contract ended in the last 12 weeks without one; each job issues one',
    // One job queued or running per tenant contract (singletonKey final-statement:<id>); the unique index on
    // issued tenant statements is what really prevents a second final statement.
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 300, policy: 'exclusive' },
  },
  'billing.statement-email': {
    name: 'billing.statement-email',
    description: 'E-mails the tenant statements of house statements issued together: renders each PDF and writes an outbox e-mail with it attached',
    // One job queued or running per set (singletonKey statement-email:<first house bill id>); the job itself finds a message already queued.
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 120, policy: 'exclusive' },
  },
  'payments.collections': {
    name: 'payments.collections',
    description: 'Collections: due schedule occurrences become card charges and one Bacs Direct Debit file per service user per day',
    // Safe to repeat: one collection per schedule occurrence (unique key), one file per service user and day,
    // written in the transaction that marks its debits submitted; a retry after a crash writes it whole once.
    options: { retryLimit: 5, retryDelay: 120, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 1800, heartbeatSeconds: 60, policy: 'singleton' },
  },
  'credit-control.ladder': {
    name: 'credit-control.ladder',
    description: 'Credit control: resolves paid cases, opens cases for overdue debts and sends each step of the ladder once per case',
    // Safe to repeat: each step is written once per case (unique key) with its outbox message, chunk by chunk.
    options: { retryLimit: 3, retryDelay: 120, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 1800, heartbeatSeconds: 60, policy: 'singleton' },
  },
  'credit-control.failed-payments': {
    name: 'credit-control.failed-payments',
    description: 'Failed payments: opens or advances the credit-control case of the contract that owes, resumes the ladder if a plan payment failed, texts the tenant',
    // Safe to repeat: a payment is marked processed in the transaction that texts; the text has a unique key per payment.
    options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 600, policy: 'singleton' },
  },
  'signup.order-services': {
    name: 'signup.order-services',
    description: "Places a sign-up's services with the suppliers: each service ordered by the tenant becomes actioned by the provider",
    // Safe to repeat: only services still ORDERED_BY_THE_TENANT move, in one transaction; one job queued or running per contract.
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 120, policy: 'exclusive' },
  },
  'billing.automation': {
    name: 'billing.automation',
    description: 'Automated billing: on the billing day of each group with automation on, schedules an automated bill run of the previous month',
    // Safe to repeat: a group already scheduled today or for the period is refused by the bill runs' unique indexes.
    options: { retryLimit: 3, retryDelay: 300, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 300, policy: 'singleton' },
  },
  'finance.export': {
    name: 'finance.export',
    description: 'Writes one sales journal (CSV or XLSX) or Sage audit-trail CSV file and marks its record EXPORTED; reports progress',
    // A retry writes the file again from scratch; marking the record is idempotent.
    options: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 900, notify: true },
  },
  'reports.usage': {
    name: 'reports.usage',
    description: 'Writes one usage report (CSV of reads and consumption per house contract and meter) as a USAGE_REPORT upload; reports progress',
    // 2 to 15 minutes for a large portfolio (specification §9): an hour's expiry; a retry starts the file again.
    options: { retryLimit: 1, retryDelay: 60, expireInSeconds: 3600, notify: true },
  },
  'imports.readings': {
    name: 'imports.readings',
    description: 'Checks and saves one readings file (CSV or XLSX) staff uploaded; writes the rejected rows with their reasons; reports progress',
    // Saves in one transaction: a retry after a crash starts again and still saves each reading once.
    options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 1800, heartbeatSeconds: 30, notify: true },
  },
  'imports.records': {
    name: 'imports.records',
    description: 'Creates the records of one file staff uploaded (tenants, contacts, tariffs or supplier contracts); writes the invalid rows file with the reason of each; reports progress',
    // Creates in one transaction under a lock of the import: a retry after a crash starts again and still creates each record once.
    options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 1800, heartbeatSeconds: 30, notify: true },
  },
  'jobs.dead-letter-alerts': {
    name: 'jobs.dead-letter-alerts',
    description: 'Tells staff with READ on jobs about jobs that landed on a dead-letter queue since the last run (each job once)',
    // Safe to repeat: each dead job is recorded in dead_letter_alerts in the same transaction as its notifications.
    options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 120, policy: 'singleton' },
  },
};

export const ALL_QUEUES: QueueDefinition[] = Object.values(QUEUES);
