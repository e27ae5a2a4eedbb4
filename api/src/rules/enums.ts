/**
 * Every value set of the specification, once. The database checks the same lists (migrations import them)
 * and the site and admin import them through the `@app/api/rules` subpath. Pure: no Node imports.
 */
export const LOG_SEVERITIES = ['INFO', 'WARNING', 'ERROR', 'CRITICAL_ERROR'] as const;
export type LogSeverity = (typeof LOG_SEVERITIES)[number];

export const FEATURE_FLAGS = ['directDebitFO', 'unlimitedFO', 'quotingFO', 'automatedBilling'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const SYSTEM_SETTING_FLAGS = [
  'enableDirectDebitDebugging',
  'enableDateOverriding',
  'enableAutomatedBillingDebugging',
  'enableExternalPaymentsDebugging',
] as const;
export type SystemSettingFlag = (typeof SYSTEM_SETTING_FLAGS)[number];

export const BACKOFFICE_LOGIN_STRATEGIES = ['google', 'password'] as const;
export type BackofficeLoginStrategy = (typeof BACKOFFICE_LOGIN_STRATEGIES)[number];

/** One service user number per brand (specification §9). */
export const SERVICE_USER_NUMBERS = ['188760', '780142'] as const;

export const OUTBOX_CHANNELS = ['EMAIL', 'SMS'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const OUTBOX_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const CONTRACT_STATUSES = ['PENDING', 'ACTIVE', 'LEAVING', 'CLOSED', 'LANDLORD'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const PAYMENT_METHODS = ['MULTIPLE', 'CREDIT_CARD', 'STANDING_ORDER', 'DIRECT_DEBIT', 'PAY_ON_RECEIPT', 'HOUSEMATE_PAYING', 'DD_AND_CARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const AUDIT_ACTIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Sign-in events kept for security review (separate from the data audit log). */
export const AUTH_EVENTS = ['LOGIN_SUCCEEDED', 'LOGIN_FAILED', 'LOGOUT', 'PASSWORD_CHANGED', 'PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET', 'RATE_LIMITED'] as const;
export type AuthEvent = (typeof AUTH_EVENTS)[number];
