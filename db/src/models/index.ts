/**
 * Objection models: one per table the domain services read and write as aggregates (relation graphs
 * instead of hand-written joins). Properties are camelCase; columns stay snake_case (snakeCaseMappers).
 * Always query with the caller's transaction: `TenantContract.query(trx)`; no model is bound to a global knex.
 * Data is camelCase but where/orderBy name the columns: `.where('tenant_contract_id', id)`.
 */
export { BaseModel } from './base-model';
export { Agency } from './agency';
export { AgencyLead } from './agency-lead';
export { AgencyReferralLink } from './agency-referral-link';
export { BankHoliday } from './bank-holiday';
export { Bill } from './bill';
export { CardSetupSession } from './card-setup-session';
export { CreditControlRecord } from './credit-control-record';
export { CreditControlMessage } from './credit-control-message';
export { CreditControlStep } from './credit-control-step';
export { DirectDebitMandate } from './direct-debit-mandate';
export { DirectDebitTransaction } from './direct-debit-transaction';
export { Group } from './group';
export { House } from './house';
export { HouseContract } from './house-contract';
export { HouseVisit } from './house-visit';
export { LedgerEntry } from './ledger-entry';
export { Meter } from './meter';
export { MeterReading } from './meter-reading';
export { MessageTemplate } from './message-template';
export { Notification, type NotificationAction } from './notification';
export { Partner } from './partner';
export { Payment } from './payment';
export { PaymentMethod } from './payment-method';
export { PaymentProviderEvent } from './payment-provider-event';
export { PaymentSchedule } from './payment-schedule';
export { ReadingImport } from './reading-import';
export { RecordImport } from './record-import';
export { Refund } from './refund';
export { Service } from './service';
export { SignupSession } from './signup-session';
export { SignupInvitation } from './signup-invitation';
export { AccountConfirmationToken } from './account-confirmation-token';
export { TreePlanting } from './tree-planting';
export { UserPreference } from './user-preference';
export { TenantContract } from './tenant-contract';
export { Upload } from './upload';
export { User } from './user';
export { WeeklyQuote } from './weekly-quote';
export { Collection } from './collection';
export { BacsSubmission } from './bacs-submission';
export { AdvanceNotice } from './advance-notice';
