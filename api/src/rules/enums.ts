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
