import { PAYMENT_METHODS, SERVICE_USER_NUMBERS } from '../enums';
import {
  ACCOUNTING_AGGREGATE_TYPES,
  ACCOUNTING_COMPANY_CODES,
  ACCOUNTING_EXPORT_ROW_STATUSES,
  ACCOUNTING_EXPORT_SOURCES,
  ACCOUNTING_EXPORT_STATUSES,
  ACCOUNTING_TAX_CODES,
  ACCOUNTING_TRANSACTION_TYPES,
  ADDITIONAL_TRANSACTION_TYPES,
  BILL_KINDS,
  BILL_STATES,
  BILL_STATUSES,
  CARD_PROVIDERS,
  DD_TRANSACTION_STATUSES,
  DIRECT_DEBIT_STATUSES,
  GOVERNMENT_REBATE_METHODS,
  LEDGER_ENTRY_KINDS,
  MANDATE_STATUSES,
  METER_REGISTERS,
  PAYMENT_METHOD_KINDS,
  PAYMENT_STATUSES,
  PDF_STATUSES,
  REFUND_STATUSES,
  REFUND_TYPES,
  SALES_JOURNAL_EXPORT_STATUSES,
  SALES_JOURNAL_STATUSES,
  SCHEDULE_ENDS,
  SCHEDULE_KINDS,
  SCHEDULE_STATUSES,
  SCHEDULE_TYPES,
  TOP_UP_SOURCES,
  TOP_UP_STATUSES,
  TRACKER_REVIEW_STATUSES,
  UTILITY_TYPES,
  BACS_SUBMISSION_KINDS,
  BACS_SUBMISSION_STATUSES,
  COLLECTION_CHANNELS,
  COLLECTION_STATUSES,
} from '../value-sets';
import { normaliseSortCode, paperDirectDebitReference, sortCode } from '../validation/bank';
import { isBlank, type RuleResult } from '../validation/common';
import { MONEY_CEILINGS, SYSTEM_FIELDS, type FieldSpec, type ResourceSpec } from './types';

// ---- Field rules of the money records (pure; they pass on empty like every rule of §5).

export const MONEY_FIELD_MESSAGES = {
  positive: 'Must be greater than 0',
  lastFour: 'Enter the last 4 digits only',
  expiryMonth: 'Month must be 1 to 12',
  paymentDay: 'Payment day must be 1 to 29, or 31 for the last day of the month',
  firstOfMonth: 'Use the first day of the month',
} as const;

/** Positive (greater than 0), specification §5: amounts of payments, refunds, transactions, top-ups. */
export function positive(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return typeof value === 'number' && value > 0 ? null : MONEY_FIELD_MESSAGES.positive;
}

/** The last four digits of a card or bank account: the full number is never stored. */
export function lastFourDigits(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return /^\d{4}$/.test(String(value).trim()) ? null : MONEY_FIELD_MESSAGES.lastFour;
}

export function cardExpiryMonth(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 12 ? null : MONEY_FIELD_MESSAGES.expiryMonth;
}

/** Monthly payment days 1 to 29 plus the last day of the month, written 31 (specification §9). */
export function paymentDay(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  const day = value as number;
  return Number.isInteger(day) && ((day >= 1 && day <= 29) || day === 31) ? null : MONEY_FIELD_MESSAGES.paymentDay;
}

/** A month written as its first day ('2026-10-01'). */
export function firstOfMonth(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return /^\d{4}-(0[1-9]|1[0-2])-01$/.test(String(value)) ? null : MONEY_FIELD_MESSAGES.firstOfMonth;
}

// ---- Shared field shapes.

const tenantContract = (extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: 'ref', ref: 'TenantContract', required: true, createOnly: true, filter: 'eq', list: true, ...extra });
const systemTenantContract: FieldSpec = { kind: 'ref', ref: 'TenantContract', readOnly: true, filter: 'eq', list: true };
const amount = (extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: 'money', required: true, createOnly: true, list: true, rules: [positive], ...extra });
const systemMoney: FieldSpec = { kind: 'money', readOnly: true, list: true };

// ---- Billing: statements, their lines and the tenant ledger.

/**
 * House and tenant statements, final statements, energy bills and portfolio invoices. Written by the billing
 * engine; an issued bill is never edited: it is voided (state VOID) and a replacement issued that points at it.
 * At most one ISSUED statement per contract, kind and period (the database guarantees it).
 */
export const Bill: ResourceSpec = {
  name: 'Bill',
  label: 'Bills',
  table: 'bills',
  area: 'billing',
  menu: 'Billing',
  countLimit: 10_000,
  fields: {
    ...SYSTEM_FIELDS,
    kind: { kind: 'enum', values: BILL_KINDS, readOnly: true, filter: 'eq', list: true },
    state: { kind: 'enum', values: BILL_STATES, readOnly: true, filter: 'eq', list: true },
    status: { kind: 'enum', values: BILL_STATUSES, readOnly: true, filter: 'eq', list: true },
    pdfStatus: { kind: 'enum', values: PDF_STATUSES, readOnly: true, filter: 'eq' },
    houseContractId: { kind: 'ref', ref: 'HouseContract', readOnly: true, filter: 'eq', list: true },
    tenantContractId: { kind: 'ref', ref: 'TenantContract', readOnly: true, filter: 'eq', list: true, help: 'Empty on the house statement' },
    parentBillId: { kind: 'ref', ref: 'Bill', readOnly: true, filter: 'eq', help: 'The house statement this tenant statement was split from' },
    replacesBillId: { kind: 'ref', ref: 'Bill', readOnly: true, filter: 'eq', help: 'The voided bill this one re-issues' },
    periodStart: { kind: 'date', readOnly: true, filter: 'range', sort: true, list: true },
    periodEnd: { kind: 'date', readOnly: true, filter: 'range', list: true },
    issueDate: { kind: 'date', readOnly: true, filter: 'range', sort: true, list: true },
    dueDate: { kind: 'date', readOnly: true, filter: 'range', sort: true },
    netPence: systemMoney,
    vatPence: systemMoney,
    totalPence: systemMoney,
    voidedAt: { kind: 'datetime', readOnly: true },
    voidReason: { kind: 'text', readOnly: true },
  },
  search: [],
  defaultSort: { field: 'issueDate', order: 'DESC' },
  tabs: { field: 'status' },
  savedFilters: true,
  representation: 'BILL-${id}',
  create: false,
  update: false,
  delete: 'never',
  lockedWhen: { field: 'state', values: BILL_STATES },
  groupScoped: true,
  related: [
    { resource: 'BillLine', target: 'billId' },
    { resource: 'Bill', target: 'parentBillId' },
    { resource: 'LedgerEntry', target: 'billId' },
  ],
};

/** One charge of a bill: a meter register's consumption × unit rate + days × standing charge, or a fixed charge. */
export const BillLine: ResourceSpec = {
  name: 'BillLine',
  label: 'Bill lines',
  table: 'bill_lines',
  area: 'billing',
  menu: 'Billing',
  fields: {
    ...SYSTEM_FIELDS,
    billId: { kind: 'ref', ref: 'Bill', readOnly: true, filter: 'eq', list: true },
    serviceId: { kind: 'ref', ref: 'Service', readOnly: true, filter: 'eq' },
    utilityType: { kind: 'enum', values: UTILITY_TYPES, readOnly: true, filter: 'eq', list: true },
    description: { kind: 'string', readOnly: true, list: true },
    register: { kind: 'enum', values: METER_REGISTERS, readOnly: true, list: true },
    openingRead: { kind: 'decimal', readOnly: true, list: true },
    closingRead: { kind: 'decimal', readOnly: true, list: true },
    estimated: { kind: 'boolean', readOnly: true, list: true, help: 'A read was missing and was estimated' },
    quantity: { kind: 'decimal', readOnly: true, list: true, help: 'kWh' },
    unitRate: { kind: 'decimal', readOnly: true, help: 'Pence per kWh' },
    days: { kind: 'int', readOnly: true },
    standingCharge: { kind: 'decimal', readOnly: true, help: 'Pence per day' },
    netPence: systemMoney,
    vatRateBp: { kind: 'int', readOnly: true, help: 'VAT rate in basis points (500 = 5%)' },
    vatPence: systemMoney,
    totalPence: systemMoney,
  },
  search: ['description'],
  defaultSort: { field: 'id', order: 'ASC' },
  representation: 'description',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
};

/**
 * The tenant contract's account: + charges, − credits. Insert-only (the database refuses updates and deletes);
 * a mistake is corrected by a further entry. Balance and debt are sums of it, never stored.
 */
export const LedgerEntry: ResourceSpec = {
  name: 'LedgerEntry',
  plural: 'LedgerEntries',
  label: 'Ledger',
  table: 'ledger_entries',
  area: 'billing',
  menu: 'Billing',
  countLimit: 10_000,
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: systemTenantContract,
    entryDate: { kind: 'date', readOnly: true, filter: 'range', sort: true, list: true },
    kind: { kind: 'enum', values: LEDGER_ENTRY_KINDS, readOnly: true, filter: 'eq', list: true },
    amountPence: { kind: 'money', readOnly: true, list: true, help: '+ charge, − credit' },
    description: { kind: 'string', readOnly: true, list: true },
    billId: { kind: 'ref', ref: 'Bill', readOnly: true, filter: 'eq' },
    paymentId: { kind: 'ref', ref: 'Payment', readOnly: true, filter: 'eq' },
    refundId: { kind: 'ref', ref: 'Refund', readOnly: true, filter: 'eq' },
    additionalTransactionId: { kind: 'ref', ref: 'AdditionalTransaction', readOnly: true, filter: 'eq' },
    governmentRebateId: { kind: 'ref', ref: 'GovernmentRebate', readOnly: true, filter: 'eq' },
  },
  search: ['description'],
  defaultSort: { field: 'entryDate', order: 'DESC' },
  representation: '${entryDate} ${kind}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
};

// ---- Payments.

/** Money received from a tenant: by card or direct debit (workflows), or recorded by hand by staff. */
export const Payment: ResourceSpec = {
  name: 'Payment',
  label: 'Payments',
  table: 'payments',
  area: 'payments',
  menu: 'Payments',
  countLimit: 10_000,
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: tenantContract(),
    amountPence: amount(MONEY_CEILINGS.payment),
    paymentDate: { kind: 'date', required: true, createOnly: true, filter: 'range', sort: true, list: true },
    paidAt: { kind: 'datetime', readOnly: true, help: 'When the money was received' },
    method: { kind: 'enum', values: PAYMENT_METHODS, required: true, createOnly: true, filter: 'eq', list: true },
    status: { kind: 'enum', values: PAYMENT_STATUSES, defaultValue: 'PAID', createOnly: true, filter: 'eq', list: true },
    reference: { kind: 'string', createOnly: true, list: true, maxLength: 100, help: 'Bank or card provider reference' },
    cardProvider: { kind: 'enum', values: CARD_PROVIDERS, readOnly: true, filter: 'eq' },
    failureReason: { kind: 'text', readOnly: true, help: 'Why the payment failed, as the bank or card provider said' },
    failureProcessedAt: { kind: 'datetime', readOnly: true, help: 'When credit control took the failure up (case opened, tenant texted)' },
    failureProcessingError: { kind: 'text', readOnly: true, help: 'Why the failed-payment job could not take it up; it tries again each minute' },
  },
  search: ['reference'],
  defaultSort: { field: 'paymentDate', order: 'DESC' },
  tabs: { field: 'status' },
  savedFilters: true,
  representation: 'PAY-${id}',
  create: true,
  update: false,
  delete: 'never',
  groupScoped: true,
  related: [
    { resource: 'Refund', target: 'paymentId' },
    { resource: 'LedgerEntry', target: 'paymentId' },
  ],
};

/** A card or direct debit on file for a tenant contract. Cards are added through the card provider's checkout. */
export const PaymentMethod: ResourceSpec = {
  name: 'PaymentMethod',
  label: 'Payment methods',
  table: 'payment_methods',
  area: 'payments',
  menu: 'Payments',
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: systemTenantContract,
    kind: { kind: 'enum', values: PAYMENT_METHOD_KINDS, readOnly: true, filter: 'eq', list: true },
    mandateId: { kind: 'ref', ref: 'DirectDebitMandate', readOnly: true, filter: 'eq' },
    cardProvider: { kind: 'enum', values: CARD_PROVIDERS, readOnly: true, filter: 'eq', list: true },
    cardLast4: { kind: 'string', readOnly: true, list: true, maxLength: 4 },
    cardExpiryMonth: { kind: 'int', readOnly: true, list: true },
    cardExpiryYear: { kind: 'int', readOnly: true, list: true },
    isActive: { kind: 'boolean', defaultValue: true, filter: 'eq', list: true, help: 'Only active methods are charged' },
  },
  search: ['cardLast4'],
  defaultSort: { field: 'id', order: 'DESC' },
  representation: '${kind} ${cardLast4}',
  create: false,
  update: true,
  delete: 'never',
  groupScoped: true,
};

/**
 * A direct-debit instruction. Staff record paper mandates by hand (reference 0000000C00, unique); only the last
 * four digits of the account number are kept.
 */
export const DirectDebitMandate: ResourceSpec = {
  name: 'DirectDebitMandate',
  label: 'Direct debit mandates',
  table: 'direct_debit_mandates',
  area: 'payments',
  menu: 'Payments',
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: tenantContract(),
    reference: { kind: 'string', required: true, createOnly: true, list: true, filter: 'eq', maxLength: 18, rules: [paperDirectDebitReference], help: 'Paper mandates: 0000000C00' },
    paper: { kind: 'boolean', defaultValue: true, createOnly: true, filter: 'eq', list: true },
    accountName: { kind: 'string', required: true, createOnly: true, list: true, maxLength: 100 },
    sortCode: { kind: 'string', required: true, createOnly: true, rules: [sortCode], normalise: normaliseSortCode, maxLength: 8, help: '6 digits' },
    accountNumberEnding: { kind: 'string', required: true, createOnly: true, rules: [lastFourDigits], maxLength: 4, list: true, help: 'Last 4 digits of the account number only' },
    status: { kind: 'enum', values: MANDATE_STATUSES, defaultValue: 'PENDING', filter: 'eq', list: true, sort: true },
    directDebitStatus: { kind: 'enum', values: DIRECT_DEBIT_STATUSES, defaultValue: 'PENDING', filter: 'eq', list: true },
    serviceUserNumber: { kind: 'enum', values: SERVICE_USER_NUMBERS, readOnly: true, list: true, help: "The brand's service user number" },
  },
  search: ['reference', 'accountName'],
  defaultSort: { field: 'id', order: 'DESC' },
  representation: 'reference',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: true,
  related: [{ resource: 'DirectDebitTransaction', target: 'mandateId' }],
};

/** One collection under a mandate: PENDING → SUBMITTED → SETTLED | FAILED (or CANCELLED). */
export const DirectDebitTransaction: ResourceSpec = {
  name: 'DirectDebitTransaction',
  label: 'Direct debit transactions',
  table: 'direct_debit_transactions',
  area: 'payments',
  menu: 'Payments',
  countLimit: 10_000,
  fields: {
    ...SYSTEM_FIELDS,
    mandateId: { kind: 'ref', ref: 'DirectDebitMandate', readOnly: true, filter: 'eq', list: true },
    tenantContractId: systemTenantContract,
    paymentId: { kind: 'ref', ref: 'Payment', readOnly: true, filter: 'eq' },
    amountPence: systemMoney,
    collectionDate: { kind: 'date', readOnly: true, filter: 'range', sort: true, list: true },
    status: { kind: 'enum', values: DD_TRANSACTION_STATUSES, readOnly: true, filter: 'eq', list: true },
    failureReason: { kind: 'text', readOnly: true },
    trackerReview: { kind: 'enum', values: TRACKER_REVIEW_STATUSES, filter: 'eq', list: true, help: 'Set by staff reviewing the failed-payment tracker' },
  },
  search: [],
  defaultSort: { field: 'collectionDate', order: 'DESC' },
  tabs: { field: 'status' },
  savedFilters: true,
  representation: 'DD-${id}',
  create: false,
  update: true,
  delete: 'never',
  groupScoped: true,
};

/** A refund request; authorised staff only. Only an ACTIVE refund can be cancelled; never more than the payment. */
export const Refund: ResourceSpec = {
  name: 'Refund',
  label: 'Refunds',
  table: 'refunds',
  area: 'payments',
  writeKey: 'AUTHORIZE_REFUND',
  menu: 'Payments',
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: tenantContract(),
    refundType: { kind: 'enum', values: REFUND_TYPES, required: true, createOnly: true, defaultValue: 'PAYMENT', filter: 'eq', list: true },
    paymentId: { kind: 'ref', ref: 'Payment', createOnly: true, filter: 'eq', list: true, help: 'The payment refunded (required for PAYMENT refunds)' },
    amountPence: amount(MONEY_CEILINGS.payment),
    status: { kind: 'enum', values: REFUND_STATUSES, defaultValue: 'ACTIVE', filter: 'eq', list: true },
    reason: { kind: 'text', maxLength: 2000 },
  },
  search: ['reason'],
  defaultSort: { field: 'id', order: 'DESC' },
  tabs: { field: 'status' },
  savedFilters: true,
  representation: 'REF-${id}',
  create: true,
  update: true,
  delete: 'never',
  lockedWhen: { field: 'status', values: ['COMPLETED', 'PARTIAL_COMPLETED', 'REJECTED', 'CANCELLED'] },
  groupScoped: true,
};

/** Planned collections (or refunds) for a tenant contract: instalments, one-off and final payments. */
export const PaymentSchedule: ResourceSpec = {
  name: 'PaymentSchedule',
  label: 'Payment schedules',
  table: 'payment_schedules',
  area: 'payments',
  menu: 'Payments',
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: tenantContract(),
    kind: { kind: 'enum', values: SCHEDULE_KINDS, required: true, createOnly: true, filter: 'eq', list: true },
    scheduleType: { kind: 'enum', values: SCHEDULE_TYPES, required: true, defaultValue: 'MONTHLY', filter: 'eq', list: true },
    endType: { kind: 'enum', values: SCHEDULE_ENDS, help: 'TIMES: after a number of payments; DATE: on the end date' },
    times: { kind: 'int', rules: [positive], help: 'Number of payments (end type TIMES)' },
    startDate: { kind: 'date', required: true, filter: 'range', sort: true, list: true },
    endDate: { kind: 'date', filter: 'range', list: true },
    cron: { kind: 'string', maxLength: 100, help: 'Schedule type CRON only' },
    amountPence: { kind: 'money', required: true, rules: [positive], list: true, ...MONEY_CEILINGS.payment },
    paymentDay: { kind: 'int', rules: [paymentDay], help: '1 to 29, or 31 for the last day of the month' },
    status: { kind: 'enum', values: SCHEDULE_STATUSES, defaultValue: 'ACTIVE', filter: 'eq', list: true },
  },
  search: [],
  defaultSort: { field: 'startDate', order: 'DESC' },
  representation: '${kind} #${id}',
  create: true,
  update: true,
  delete: 'hard',
  lockedWhen: { field: 'status', values: ['COMPLETED', 'CANCELLED'] },
  groupScoped: true,
};

/**
 * One schedule occurrence collected (by the daily collections job): a card charge or a Direct Debit in a Bacs
 * file, PENDING → SUBMITTED → SETTLED | FAILED, with the payment it made. Written by the job only.
 */
export const Collection: ResourceSpec = {
  name: 'Collection',
  label: 'Collections',
  table: 'collections',
  area: 'payments',
  menu: 'Payments',
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: { kind: 'ref', ref: 'TenantContract', readOnly: true, filter: 'eq', list: true },
    collectionDate: { kind: 'date', readOnly: true, filter: 'range', sort: true, list: true, help: 'The day the money leaves the payer' },
    occurrenceDate: { kind: 'date', readOnly: true, filter: 'range', help: 'The schedule date this collects' },
    amountPence: systemMoney,
    channel: { kind: 'enum', values: COLLECTION_CHANNELS, readOnly: true, filter: 'eq', list: true },
    status: { kind: 'enum', values: COLLECTION_STATUSES, readOnly: true, filter: 'eq', list: true, sort: true },
    attempt: { kind: 'int', readOnly: true, help: '2: presented again after the bank returned it' },
    transactionCode: { kind: 'string', readOnly: true, help: 'Bacs: 01 first, 17 regular, 18 re-presented, 19 final' },
    failureCode: { kind: 'string', readOnly: true, filter: 'eq', list: true },
    failureReason: { kind: 'string', readOnly: true },
    scheduleId: { kind: 'ref', ref: 'PaymentSchedule', readOnly: true, filter: 'eq' },
    paymentId: { kind: 'ref', ref: 'Payment', readOnly: true, filter: 'eq' },
    mandateId: { kind: 'ref', ref: 'DirectDebitMandate', readOnly: true, filter: 'eq' },
    submissionId: { kind: 'ref', ref: 'BacsSubmission', readOnly: true, filter: 'eq' },
  },
  search: ['failureReason'],
  defaultSort: { field: 'collectionDate', order: 'DESC' },
  tabs: { field: 'status' },
  savedFilters: true,
  representation: '${collectionDate} #${id}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
};

/** A Bacs file of a submission day: the day's Direct Debits (Standard 18) or its mandate lodgements (AUDDIS). */
export const BacsSubmission: ResourceSpec = {
  name: 'BacsSubmission',
  label: 'Direct Debit files',
  table: 'bacs_submissions',
  area: 'payments',
  menu: 'Payments',
  fields: {
    ...SYSTEM_FIELDS,
    submissionDate: { kind: 'date', readOnly: true, filter: 'range', sort: true, list: true },
    kind: { kind: 'enum', values: BACS_SUBMISSION_KINDS, readOnly: true, filter: 'eq', list: true },
    serviceUserNumber: { kind: 'string', readOnly: true, filter: 'eq', list: true },
    processingDate: { kind: 'date', readOnly: true, list: true, help: 'Bacs processing day; debits reach payers the next working day' },
    itemCount: { kind: 'int', readOnly: true, list: true },
    totalPence: systemMoney,
    status: { kind: 'enum', values: BACS_SUBMISSION_STATUSES, readOnly: true, filter: 'eq', list: true, help: 'Reported: every item has its outcome' },
    bureauReference: { kind: 'string', readOnly: true, list: true, help: 'Empty until the file is sent to the bureau' },
  },
  search: ['bureauReference'],
  defaultSort: { field: 'submissionDate', order: 'DESC' },
  representation: '${kind} ${submissionDate}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
  related: [{ resource: 'Collection', target: 'submissionId' }],
};

/** Credit put on a prepayment meter (Monday to Friday 09:00–17:00, not 16:00–17:00, not bank holidays). */
export const TopUp: ResourceSpec = {
  name: 'TopUp',
  label: 'Meter top-ups',
  table: 'top_ups',
  area: 'payments',
  menu: 'Payments',
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: tenantContract(),
    meterId: { kind: 'ref', ref: 'Meter', required: true, createOnly: true, filter: 'eq', list: true },
    amountPence: amount(MONEY_CEILINGS.payment),
    source: { kind: 'enum', values: TOP_UP_SOURCES, defaultValue: 'BACKOFFICE', createOnly: true, filter: 'eq', list: true },
    status: { kind: 'enum', values: TOP_UP_STATUSES, readOnly: true, filter: 'eq', list: true },
  },
  search: [],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  representation: 'TOPUP-${id}',
  create: true,
  update: false,
  delete: 'never',
  groupScoped: true,
};

/** A one-off CREDIT or DEBIT staff put on a tenant's account (posted to the ledger). */
export const AdditionalTransaction: ResourceSpec = {
  name: 'AdditionalTransaction',
  label: 'Additional transactions',
  table: 'additional_transactions',
  area: 'payments',
  menu: 'Payments',
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: tenantContract(),
    referenceType: { kind: 'enum', values: ADDITIONAL_TRANSACTION_TYPES, required: true, createOnly: true, filter: 'eq', list: true },
    amountPence: amount({
      max: MONEY_CEILINGS.additionalTransaction.max,
      maxMessage: `${MONEY_CEILINGS.additionalTransaction.maxMessage} (more needs the Large additional transaction permission)`,
      maxWithKey: { key: 'LARGE_ADDITIONAL_TRANSACTION', ...MONEY_CEILINGS.largeAdditionalTransaction },
    }),
    description: { kind: 'string', required: true, createOnly: true, list: true },
    transactionDate: { kind: 'date', required: true, createOnly: true, filter: 'range', sort: true, list: true },
  },
  search: ['description'],
  defaultSort: { field: 'transactionDate', order: 'DESC' },
  representation: '${referenceType} #${id}',
  create: true,
  update: false,
  delete: 'never',
  groupScoped: true,
};

// ---- Government rebates.

/** Government energy support passed on to tenants (e.g. the Energy Bills Support Scheme's monthly payments). */
export const GovernmentRebate: ResourceSpec = {
  name: 'GovernmentRebate',
  label: 'Government rebates',
  table: 'government_rebates',
  area: 'governmentRebates',
  menu: 'Payments',
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: tenantContract(),
    schemeName: { kind: 'string', required: true, createOnly: true, filter: 'eq', list: true, maxLength: 100, help: 'e.g. Energy Bills Support Scheme' },
    method: { kind: 'enum', values: GOVERNMENT_REBATE_METHODS, required: true, createOnly: true, filter: 'eq', list: true },
    amountPence: amount(MONEY_CEILINGS.rebate),
    paymentMonth: { kind: 'date', required: true, createOnly: true, rules: [firstOfMonth], filter: 'range', sort: true, list: true, help: 'First day of the month paid' },
  },
  search: ['schemeName'],
  defaultSort: { field: 'paymentMonth', order: 'DESC' },
  representation: '${schemeName} ${paymentMonth}',
  create: true,
  update: false,
  delete: 'never',
  groupScoped: true,
};

// ---- Finance: sales journals and exports to the accounting package.

/** The sales of a period. Once GENERATED it is never edited: the workflow reverses it (status REVERSED). */
export const SalesJournal: ResourceSpec = {
  name: 'SalesJournal',
  label: 'Sales journals',
  table: 'sales_journals',
  area: 'salesJournals',
  menu: 'Finance',
  fields: {
    ...SYSTEM_FIELDS,
    periodStart: { kind: 'date', readOnly: true, filter: 'range', sort: true, list: true },
    periodEnd: { kind: 'date', readOnly: true, filter: 'range', list: true },
    status: { kind: 'enum', values: SALES_JOURNAL_STATUSES, readOnly: true, filter: 'eq', list: true },
    exportStatus: { kind: 'enum', values: SALES_JOURNAL_EXPORT_STATUSES, readOnly: true, filter: 'eq', list: true },
    netPence: systemMoney,
    vatPence: systemMoney,
    totalPence: systemMoney,
    generatedAt: { kind: 'datetime', readOnly: true, sort: true, list: true },
    reversedAt: { kind: 'datetime', readOnly: true },
    reversesJournalId: { kind: 'ref', ref: 'SalesJournal', readOnly: true, filter: 'eq', help: 'The journal this one reverses' },
  },
  search: [],
  defaultSort: { field: 'periodStart', order: 'DESC' },
  representation: 'SJ ${periodStart}–${periodEnd}',
  create: false,
  update: false,
  delete: 'never',
  lockedWhen: { field: 'status', values: SALES_JOURNAL_STATUSES },
  groupScoped: true,
  related: [{ resource: 'SalesJournalLine', target: 'salesJournalId' }],
};

export const SalesJournalLine: ResourceSpec = {
  name: 'SalesJournalLine',
  label: 'Sales journal lines',
  table: 'sales_journal_lines',
  area: 'salesJournals',
  menu: 'Finance',
  fields: {
    ...SYSTEM_FIELDS,
    salesJournalId: { kind: 'ref', ref: 'SalesJournal', readOnly: true, filter: 'eq', list: true },
    billId: { kind: 'ref', ref: 'Bill', readOnly: true, filter: 'eq', list: true },
    accountReference: { kind: 'string', readOnly: true, filter: 'eq', list: true },
    nominalCode: { kind: 'string', readOnly: true, filter: 'eq', list: true },
    netPence: systemMoney,
    vatPence: systemMoney,
    details: { kind: 'string', readOnly: true, list: true },
  },
  search: ['accountReference', 'details'],
  defaultSort: { field: 'id', order: 'ASC' },
  representation: '${accountReference} #${id}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
};

/** A batch of rows for the accounting package (monthly sales, statements, energy bills, portfolio invoices, …). */
export const AccountingExport: ResourceSpec = {
  name: 'AccountingExport',
  label: 'Accounting exports',
  table: 'accounting_exports',
  area: 'accounting',
  menu: 'Finance',
  fields: {
    ...SYSTEM_FIELDS,
    source: { kind: 'enum', values: ACCOUNTING_EXPORT_SOURCES, readOnly: true, filter: 'eq', list: true },
    aggregateType: { kind: 'enum', values: ACCOUNTING_AGGREGATE_TYPES, readOnly: true, filter: 'eq', list: true },
    companyCode: { kind: 'enum', values: ACCOUNTING_COMPANY_CODES, readOnly: true, filter: 'eq', list: true },
    status: { kind: 'enum', values: ACCOUNTING_EXPORT_STATUSES, readOnly: true, filter: 'eq', list: true },
    periodStart: { kind: 'date', readOnly: true, filter: 'range', sort: true, list: true },
    periodEnd: { kind: 'date', readOnly: true, filter: 'range', list: true },
    rowCount: { kind: 'int', readOnly: true, list: true },
  },
  search: [],
  defaultSort: { field: 'periodStart', order: 'DESC' },
  representation: '${source} ${periodStart}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
  related: [{ resource: 'AccountingExportRow', target: 'accountingExportId' }],
};

/** One transaction row of an export, in the accounting package's terms (SI, SC, SA, SD, SP, SR; tax code). */
export const AccountingExportRow: ResourceSpec = {
  name: 'AccountingExportRow',
  label: 'Accounting export rows',
  table: 'accounting_export_rows',
  area: 'accounting',
  menu: 'Finance',
  countLimit: 10_000,
  fields: {
    ...SYSTEM_FIELDS,
    accountingExportId: { kind: 'ref', ref: 'AccountingExport', readOnly: true, filter: 'eq', list: true },
    transactionType: { kind: 'enum', values: ACCOUNTING_TRANSACTION_TYPES, readOnly: true, filter: 'eq', list: true },
    accountReference: { kind: 'string', readOnly: true, filter: 'eq', list: true },
    nominalCode: { kind: 'string', readOnly: true, filter: 'eq', list: true },
    transactionDate: { kind: 'date', readOnly: true, filter: 'range', sort: true, list: true },
    reference: { kind: 'string', readOnly: true, list: true },
    details: { kind: 'string', readOnly: true },
    netPence: systemMoney,
    taxCode: { kind: 'enum', values: ACCOUNTING_TAX_CODES, readOnly: true, filter: 'eq', list: true },
    taxPence: systemMoney,
    status: { kind: 'enum', values: ACCOUNTING_EXPORT_ROW_STATUSES, readOnly: true, filter: 'eq', list: true },
    rejectionReason: { kind: 'text', readOnly: true },
  },
  search: ['accountReference', 'reference'],
  defaultSort: { field: 'transactionDate', order: 'DESC' },
  representation: '${transactionType} ${reference}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
};

/** Bills, ledger, payments and finance records, in menu order within each group. */
export const MONEY_RESOURCES: readonly ResourceSpec[] = [
  Bill,
  BillLine,
  LedgerEntry,
  Payment,
  PaymentMethod,
  DirectDebitMandate,
  DirectDebitTransaction,
  Refund,
  PaymentSchedule,
  Collection,
  BacsSubmission,
  TopUp,
  AdditionalTransaction,
  GovernmentRebate,
  SalesJournal,
  SalesJournalLine,
  AccountingExport,
  AccountingExportRow,
];
