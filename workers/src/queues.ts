import type { QueueName } from '@app/api';
import type { BatchHandler, Handler } from './handler';
import { billingAutomationHandler } from './handlers/billing-automation';
import { billingFinalStatementsHandler } from './handlers/billing-final-statements';
import { billingHouseHandler } from './handlers/billing-house';
import { billingRunHandler } from './handlers/billing-run';
import { billingStatementEmailHandler } from './handlers/billing-statement-email';
import { creditControlFailedPaymentsHandler, creditControlLadderHandler } from './handlers/credit-control';
import { deadLetterAlertsHandler } from './handlers/dead-letter-alerts';
import { deliverOutboxMessageHandler } from './handlers/deliver-outbox-message';
import { exportCleanupHandler } from './handlers/export-cleanup';
import { exportRunHandler } from './handlers/export-run';
import { financeExportHandler } from './handlers/finance-export';
import { importReadingsHandler } from './handlers/import-readings';
import { importRecordsHandler } from './handlers/import-records';
import { reportsUsageHandler } from './handlers/reports-usage';
import { paymentsCollectionsHandler } from './handlers/payments-collections';
import { signupOrderServicesHandler } from './handlers/signup-order-services';
import { sweepOutboxHandler } from './handlers/sweep-outbox';

/** Queue → handler. Typed as a complete record: a queue declared in the registry without a handler does not compile. */
export const HANDLERS: { [Q in QueueName]: Handler<Q> | BatchHandler<Q> } = {
  'outbox.deliver': deliverOutboxMessageHandler,
  'outbox.sweep': sweepOutboxHandler,
  'exports.run': exportRunHandler,
  'exports.cleanup': exportCleanupHandler,
  'billing.run': billingRunHandler,
  'billing.house': billingHouseHandler,
  'billing.final-statements': billingFinalStatementsHandler,
  'billing.statement-email': billingStatementEmailHandler,
  'finance.export': financeExportHandler,
  'reports.usage': reportsUsageHandler,
  'imports.readings': importReadingsHandler,
  'imports.records': importRecordsHandler,
  'billing.automation': billingAutomationHandler,
  'jobs.dead-letter-alerts': deadLetterAlertsHandler,
  'payments.collections': paymentsCollectionsHandler,
  'credit-control.ladder': creditControlLadderHandler,
  'credit-control.failed-payments': creditControlFailedPaymentsHandler,
  'signup.order-services': signupOrderServicesHandler,
};
