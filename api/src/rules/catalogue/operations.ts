import { AUDIT_ACTIONS, FEATURE_FLAGS, LOG_SEVERITIES, OUTBOX_CHANNELS } from '../enums';
import {
  AGENCY_LEAD_STAGES,
  COMPLAINT_STATUSES,
  CREDIT_CONTROL_CHANNELS,
  CREDIT_CONTROL_MESSAGE_OUTCOMES,
  CREDIT_CONTROL_STAGES,
  CREDIT_CONTROL_STEPS,
  CREDIT_CONTROL_STATUSES,
  DEAL_STAGES,
  DEBT_REPAYMENT_TYPES,
  HOUSE_VISIT_JOB_TYPES,
  HOUSE_VISIT_RESULTS,
  HOUSE_VISIT_STATUSES,
  NOTIFICATION_TYPES,
  PROMO_LINK_TYPES,
  SALE_STATUSES,
  UPLOAD_RESOURCE_TYPES,
  UPLOAD_STATUSES,
} from '../value-sets';
import { email, personName } from '../validators';
import { SIGNUP_FLOWS, SIGNUP_STEPS } from '../signup-steps';
import { normaliseUkMobile, ukMobile } from '../validation/contact';
import { promoCodeNotTenantId } from '../validation/misc';
import { MONEY_CEILINGS, SYSTEM_FIELDS, type ResourceSpec } from './types';

/** Append-only tables (logs, audit trail) have no `updated_at`: their rows never change. */
const APPEND_ONLY_FIELDS = { id: SYSTEM_FIELDS.id, createdAt: SYSTEM_FIELDS.createdAt } as const;

// ---------------------------------------------------------------------------------------------- Credit control

/** A tenant contract in debt moving through the stage processes (specification §4, DOMAIN "Credit control"). */
export const CreditControlRecord: ResourceSpec = {
  name: 'CreditControlRecord',
  label: 'Credit control',
  table: 'credit_control_records',
  area: 'creditControl',
  menu: 'Credit control',
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: { kind: 'ref', ref: 'TenantContract', required: true, createOnly: true, filter: 'eq', list: true, help: 'One open case per tenant contract' },
    stage: { kind: 'enum', values: CREDIT_CONTROL_STAGES, required: true, defaultValue: 'ENGAGEMENT', filter: 'eq', list: true, sort: true },
    status: { kind: 'enum', values: CREDIT_CONTROL_STATUSES, required: true, defaultValue: 'NO_RESPONSE_YET', filter: 'eq', list: true },
    debtRepaymentType: { kind: 'enum', values: DEBT_REPAYMENT_TYPES, required: true, defaultValue: 'BLANK', filter: 'eq', list: true },
    lastChasedDate: { kind: 'date', filter: 'range', sort: true, list: true },
    nextChasedDate: { kind: 'date', filter: 'range', sort: true, list: true, help: 'Must be after the last chased date' },
    assignedUserId: { kind: 'ref', ref: 'BackofficeUser', filter: 'eq', list: true },
    notes: { kind: 'text', maxLength: 5000 },
    repaymentScheduleId: { kind: 'ref', ref: 'PaymentSchedule', readOnly: true, help: 'The repayments agreed (Agree a payment plan); a failed one puts the case back on the ladder' },
  },
  search: ['notes'],
  defaultSort: { field: 'nextChasedDate', order: 'ASC' },
  savedFilters: true,
  representation: 'CC-${id}',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: true,
  related: [{ resource: 'CreditControlMessage', target: 'caseId' }],
};

/** When each automated step of the ladder goes, and by which channels. A fixed set: staff edit the timings. */
export const CreditControlStep: ResourceSpec = {
  name: 'CreditControlStep',
  label: 'Credit control steps',
  table: 'credit_control_steps',
  area: 'creditControl',
  menu: 'Credit control',
  fields: {
    ...SYSTEM_FIELDS,
    step: { kind: 'enum', values: CREDIT_CONTROL_STEPS, readOnly: true, list: true },
    daysOverdue: { kind: 'int', min: 1, max: 365, list: true, sort: true, help: 'Days the oldest unpaid amount is overdue; empty for the steps sent on an event (a failed payment, a change of stage)' },
    email: { kind: 'boolean', list: true, help: 'Send the e-mail template' },
    sms: { kind: 'boolean', list: true, help: 'Send the SMS template' },
    active: { kind: 'boolean', list: true, filter: 'eq' },
    description: { kind: 'text', list: true, maxLength: 500 },
  },
  search: ['description'],
  defaultSort: { field: 'daysOverdue', order: 'ASC' },
  representation: 'step',
  create: false,
  update: true,
  delete: 'never',
  groupScoped: false,
};

/** The wording of a credit-control step on one channel. Placeholders: {{firstName}}, {{amount}}, {{dueDate}}, {{daysOverdue}}, {{payLink}}, {{reason}}, {{stage}}. */
export const MessageTemplate: ResourceSpec = {
  name: 'MessageTemplate',
  label: 'Message templates',
  table: 'message_templates',
  area: 'creditControl',
  menu: 'Credit control',
  fields: {
    ...SYSTEM_FIELDS,
    step: { kind: 'enum', values: CREDIT_CONTROL_STEPS, readOnly: true, filter: 'eq', list: true },
    channel: { kind: 'enum', values: OUTBOX_CHANNELS, readOnly: true, filter: 'eq', list: true },
    subject: { kind: 'string', list: true, maxLength: 200, help: 'E-mail only' },
    body: { kind: 'text', required: true, maxLength: 5000, help: 'Placeholders: {{firstName}} {{amount}} {{dueDate}} {{daysOverdue}} {{payLink}} {{reason}} {{stage}}. A text: 1,600 characters in the GSM basic set, 737 otherwise' },
  },
  search: ['subject', 'body'],
  defaultSort: { field: 'id', order: 'ASC' },
  representation: '${step} ${channel}',
  create: false,
  update: true,
  delete: 'never',
  groupScoped: false,
};

/** Every step a case took: a message queued, a call task, or why nothing went. Written by the ladder. */
export const CreditControlMessage: ResourceSpec = {
  name: 'CreditControlMessage',
  label: 'Credit control messages',
  table: 'credit_control_messages',
  area: 'creditControl',
  menu: 'Credit control',
  fields: {
    ...SYSTEM_FIELDS,
    caseId: { kind: 'ref', ref: 'CreditControlRecord', readOnly: true, filter: 'eq', list: true },
    tenantContractId: { kind: 'ref', ref: 'TenantContract', readOnly: true, filter: 'eq', list: true },
    step: { kind: 'enum', values: CREDIT_CONTROL_STEPS, readOnly: true, filter: 'eq', list: true },
    channel: { kind: 'enum', values: CREDIT_CONTROL_CHANNELS, readOnly: true, filter: 'eq', list: true },
    outcome: { kind: 'enum', values: CREDIT_CONTROL_MESSAGE_OUTCOMES, readOnly: true, filter: 'eq', list: true },
    daysOverdue: { kind: 'int', readOnly: true, list: true },
    debtPence: { kind: 'money', readOnly: true, list: true },
    paymentId: { kind: 'ref', ref: 'Payment', readOnly: true, filter: 'eq' },
    outboxMessageId: { kind: 'int', readOnly: true, help: 'The e-mail or text in the outbox' },
  },
  search: [],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  representation: '${step} #${id}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
};

// ---------------------------------------------------------------------------------------------- Operations

/** A visit to a house by a field partner (readings, warrant of entry, …). */
export const HouseVisit: ResourceSpec = {
  name: 'HouseVisit',
  label: 'House visits',
  table: 'house_visits',
  area: 'houseVisits',
  menu: 'Operations',
  fields: {
    ...SYSTEM_FIELDS,
    houseId: { kind: 'ref', ref: 'House', required: true, createOnly: true, filter: 'eq', list: true },
    jobType: { kind: 'enum', values: HOUSE_VISIT_JOB_TYPES, required: true, filter: 'eq', list: true },
    status: { kind: 'enum', values: HOUSE_VISIT_STATUSES, required: true, defaultValue: 'PENDING', filter: 'eq', list: true },
    scheduledDate: { kind: 'date', required: true, filter: 'range', sort: true, list: true },
    completedDate: { kind: 'date', filter: 'range', sort: true, list: true, help: 'Required once the visit is COMPLETE' },
    completionResult: { kind: 'enum', values: HOUSE_VISIT_RESULTS, filter: 'eq', list: true, help: 'What happened at the house: required to send the visit for review or complete it' },
    // Not a list column: partner staff may not read partner companies (users and roles), and see only their own visits anyway.
    partnerId: { kind: 'ref', ref: 'Partner', filter: 'eq', help: 'The partner company doing the visit (partner staff always book their own)' },
    notes: { kind: 'text', maxLength: 5000 },
  },
  search: ['notes'],
  defaultSort: { field: 'scheduledDate', order: 'DESC' },
  tabs: { field: 'status' },
  savedFilters: true,
  representation: '${jobType} ${scheduledDate}',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: true,
};

/**
 * A field partner company: its staff sign in to the partner back office and work only their own visits
 * (and those visits' houses, meters and readings). Set up with the staff accounts, so under users and roles.
 */
export const Partner: ResourceSpec = {
  name: 'Partner',
  label: 'Partners',
  table: 'partners',
  area: 'usersAndRoles',
  menu: 'Settings',
  fields: {
    id: SYSTEM_FIELDS.id,
    createdAt: SYSTEM_FIELDS.createdAt,
    name: { kind: 'string', required: true, list: true, sort: true, maxLength: 255, help: 'Unique' },
  },
  search: ['name'],
  defaultSort: { field: 'name', order: 'ASC' },
  representation: 'name',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: false,
  related: [{ resource: 'HouseVisit', target: 'partnerId' }],
};

/** A complaint about a tenant contract or a house contract. */
export const Complaint: ResourceSpec = {
  name: 'Complaint',
  label: 'Complaints',
  table: 'complaints',
  area: 'complaints',
  menu: 'Operations',
  fields: {
    ...SYSTEM_FIELDS,
    tenantContractId: { kind: 'ref', ref: 'TenantContract', filter: 'eq', list: true, help: 'A tenant contract or a house contract (at least one)' },
    houseContractId: { kind: 'ref', ref: 'HouseContract', filter: 'eq', list: true },
    status: { kind: 'enum', values: COMPLAINT_STATUSES, required: true, defaultValue: 'IN_PROGRESS', filter: 'eq', list: true },
    summary: { kind: 'text', required: true, list: true, maxLength: 5000 },
    receivedDate: { kind: 'date', required: true, filter: 'range', sort: true, list: true },
    resolvedDate: { kind: 'date', filter: 'range', sort: true, list: true, help: 'Required once RESOLVED; not before the received date' },
  },
  search: ['summary'],
  defaultSort: { field: 'receivedDate', order: 'DESC' },
  tabs: { field: 'status' },
  savedFilters: true,
  representation: 'Complaint #${id}',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: true,
};

/** Sign-up links handed to agencies; the code is unique whatever its case and never looks like a tenant ID. */
export const PromoLink: ResourceSpec = {
  name: 'PromoLink',
  label: 'Promo links',
  table: 'promo_links',
  area: 'promoLinks',
  menu: 'Operations',
  fields: {
    ...SYSTEM_FIELDS,
    code: { kind: 'string', required: true, createOnly: true, filter: 'eq', list: true, maxLength: 50, rules: [promoCodeNotTenantId], help: 'Unique; not a tenant ID' },
    type: { kind: 'enum', values: PROMO_LINK_TYPES, required: true, defaultValue: 'PLAN_SIGNUP', filter: 'eq', list: true },
    agencyId: { kind: 'ref', ref: 'Agency', filter: 'eq', list: true },
    validFrom: { kind: 'date', required: true, filter: 'range', sort: true, list: true },
    validTo: { kind: 'date', filter: 'range', sort: true, list: true },
    isActive: { kind: 'boolean', defaultValue: true, filter: 'eq', list: true },
  },
  search: ['code'],
  defaultSort: { field: 'validFrom', order: 'DESC' },
  representation: 'code',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: false,
};

/** A tenant's refer-a-friend code and the reward it pays. */
export const ReferralCode: ResourceSpec = {
  name: 'ReferralCode',
  label: 'Referral codes',
  table: 'referral_codes',
  area: 'promoLinks',
  menu: 'Operations',
  fields: {
    ...SYSTEM_FIELDS,
    code: { kind: 'string', required: true, createOnly: true, filter: 'eq', list: true, maxLength: 50, rules: [promoCodeNotTenantId], help: 'Unique; not a tenant ID' },
    tenantId: { kind: 'ref', ref: 'Tenant', required: true, createOnly: true, filter: 'eq', list: true },
    rewardPence: { kind: 'money', required: true, defaultValue: 0, list: true, min: 0, ...MONEY_CEILINGS.other },
    usedCount: { kind: 'int', readOnly: true, sort: true, list: true },
  },
  search: ['code'],
  defaultSort: { field: 'id', order: 'DESC' },
  representation: 'code',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: false,
};

/** Addresses the product never e-mails (one row per address, whatever its case). */
export const EmailBlacklist: ResourceSpec = {
  name: 'EmailBlacklist',
  label: 'E-mail blacklist',
  table: 'email_blacklist',
  area: 'emailBlacklist',
  menu: 'Operations',
  fields: {
    ...SYSTEM_FIELDS,
    email: { kind: 'string', required: true, createOnly: true, list: true, rules: [email] },
    reason: { kind: 'text', list: true, maxLength: 2000 },
  },
  search: ['email'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  representation: 'email',
  create: true,
  update: true,
  delete: 'hard',
  groupScoped: false,
};

/** Letting agencies the sales team is talking to. */
export const AgencyLead: ResourceSpec = {
  name: 'AgencyLead',
  label: 'Agency leads',
  table: 'agency_leads',
  area: 'sales',
  menu: 'Operations',
  fields: {
    ...SYSTEM_FIELDS,
    agencyName: { kind: 'string', required: true, list: true, sort: true, maxLength: 200 },
    contactName: { kind: 'string', list: true, rules: [personName] },
    email: { kind: 'string', list: true, rules: [email] },
    phone: { kind: 'string', rules: [ukMobile], normalise: normaliseUkMobile, maxLength: 20, help: 'UK mobile, e.g. +44 7700 900123' },
    cityName: { kind: 'string', filter: 'eq', sort: true, list: true, maxLength: 100 },
    stage: { kind: 'enum', values: AGENCY_LEAD_STAGES, required: true, defaultValue: 'NEW', filter: 'eq', list: true },
    saleStatus: { kind: 'enum', values: SALE_STATUSES, required: true, defaultValue: 'LEAD', filter: 'eq', list: true },
  },
  search: ['agencyName', 'contactName', 'email'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  representation: 'agencyName',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: false,
  related: [{ resource: 'Deal', target: 'agencyLeadId' }],
};

/** A sales opportunity with a lead or an existing agency. */
export const Deal: ResourceSpec = {
  name: 'Deal',
  label: 'Deals',
  table: 'deals',
  area: 'sales',
  menu: 'Operations',
  fields: {
    ...SYSTEM_FIELDS,
    agencyLeadId: { kind: 'ref', ref: 'AgencyLead', filter: 'eq', list: true, help: 'A lead or an agency (at least one)' },
    agencyId: { kind: 'ref', ref: 'Agency', filter: 'eq', list: true },
    stage: { kind: 'enum', values: DEAL_STAGES, required: true, defaultValue: 'FOLLOW_UP', filter: 'eq', list: true, sort: true },
    valuePence: { kind: 'money', required: true, defaultValue: 0, list: true, sort: true, min: 0, ...MONEY_CEILINGS.deal },
    expectedCloseDate: { kind: 'date', filter: 'range', sort: true, list: true },
    ownerUserId: { kind: 'ref', ref: 'BackofficeUser', filter: 'eq', list: true },
  },
  search: [],
  defaultSort: { field: 'expectedCloseDate', order: 'ASC' },
  representation: 'Deal #${id}',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: false,
};

/** Files uploaded through the REST upload endpoints (readings, mandates, reports, attachments …). */
export const Upload: ResourceSpec = {
  name: 'Upload',
  label: 'Uploads',
  table: 'uploads',
  area: 'properties',
  menu: 'Operations',
  countLimit: 10_000,
  fields: {
    ...SYSTEM_FIELDS,
    resourceType: { kind: 'enum', values: UPLOAD_RESOURCE_TYPES, readOnly: true, filter: 'eq', list: true },
    fileName: { kind: 'string', readOnly: true, list: true },
    contentType: { kind: 'string', readOnly: true, list: true, maxLength: 100 },
    sizeBytes: { kind: 'int', readOnly: true, list: true },
    storageKey: { kind: 'string', readOnly: true, maxLength: 500 },
    uploadedByUserId: { kind: 'ref', ref: 'BackofficeUser', readOnly: true, filter: 'eq', list: true },
    houseContractId: { kind: 'ref', ref: 'HouseContract', readOnly: true, filter: 'eq', list: true },
    tenantContractId: { kind: 'ref', ref: 'TenantContract', readOnly: true, filter: 'eq', list: true },
    houseVisitId: { kind: 'ref', ref: 'HouseVisit', readOnly: true, filter: 'eq' },
    commentId: { kind: 'ref', ref: 'Comment', readOnly: true, filter: 'eq' },
    tenantId: { kind: 'ref', ref: 'Tenant', readOnly: true, filter: 'eq' },
    // Uploads written by a job (usage reports): their progress, the period and agency they cover.
    status: { kind: 'enum', values: UPLOAD_STATUSES, readOnly: true, filter: 'eq', list: true },
    rowCount: { kind: 'int', readOnly: true },
    totalRows: { kind: 'int', readOnly: true },
    error: { kind: 'text', readOnly: true },
    agencyId: { kind: 'ref', ref: 'Agency', readOnly: true, filter: 'eq' },
    periodStart: { kind: 'date', readOnly: true, filter: 'range' },
    periodEnd: { kind: 'date', readOnly: true },
    finishedAt: { kind: 'datetime', readOnly: true },
  },
  search: [],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  representation: 'fileName',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
};

// ---------------------------------------------------------------------------------------------- Settings

export const BankHoliday: ResourceSpec = {
  name: 'BankHoliday',
  label: 'Bank holidays',
  table: 'bank_holidays',
  area: 'settings',
  menu: 'Settings',
  fields: {
    ...SYSTEM_FIELDS,
    date: { kind: 'date', required: true, filter: 'range', sort: true, list: true, help: 'England and Wales; one row per day' },
    description: { kind: 'string', list: true, maxLength: 100 },
  },
  search: ['description'],
  defaultSort: { field: 'date', order: 'ASC' },
  representation: '${date} ${description}',
  create: true,
  update: true,
  delete: 'hard',
  groupScoped: false,
};

/** The front-office feature switches (specification §3); the set is fixed, staff only switch them. */
export const FeatureFlag: ResourceSpec = {
  name: 'FeatureFlag',
  label: 'Feature flags',
  table: 'feature_flags',
  area: 'settings',
  writeKey: 'MANAGE_FEATURES',
  menu: 'Settings',
  fields: {
    ...SYSTEM_FIELDS,
    name: { kind: 'enum', values: FEATURE_FLAGS, readOnly: true, list: true, sort: true, filter: 'eq' },
    enabled: { kind: 'boolean', required: true, filter: 'eq', list: true },
  },
  search: [],
  defaultSort: { field: 'name', order: 'ASC' },
  representation: 'name',
  create: false,
  update: true,
  delete: 'never',
  groupScoped: false,
};

/**
 * System settings by key: the debugging flags (true or false) and `currentDateOverride` (a YYYY-MM-DD date,
 * or null for none), which `getSystemCurrentDate` returns while `enableDateOverriding` is true.
 */
export const SystemSetting: ResourceSpec = {
  name: 'SystemSetting',
  label: 'System settings',
  table: 'system_settings',
  area: 'settings',
  menu: 'Settings',
  fields: {
    ...SYSTEM_FIELDS,
    key: { kind: 'string', readOnly: true, list: true, sort: true, filter: 'eq' },
    value: { kind: 'json', list: true, help: 'true or false for the flags; currentDateOverride: "YYYY-MM-DD" or null' },
  },
  search: ['key'],
  defaultSort: { field: 'key', order: 'ASC' },
  representation: 'key',
  create: false,
  update: true,
  delete: 'never',
  groupScoped: false,
};

// ---------------------------------------------------------------------------------------------- System

/**
 * A user's server notifications (specification §3): `notificationType` INFO is a silent data message the
 * client dispatches to the handler named by `type`; the others are shown in the drawer.
 */
export const Notification: ResourceSpec = {
  name: 'Notification',
  label: 'Notifications',
  table: 'notifications',
  area: 'systemLogs',
  menu: 'System',
  countLimit: 10_000,
  fields: {
    ...SYSTEM_FIELDS,
    userId: { kind: 'int', required: true, createOnly: true, filter: 'eq', list: true, help: 'The user (any role) it is for' },
    title: { kind: 'string', required: true, list: true },
    message: { kind: 'text', required: true, list: true, maxLength: 5000 },
    notificationType: { kind: 'enum', values: NOTIFICATION_TYPES, required: true, defaultValue: 'INFO', filter: 'eq', list: true },
    type: { kind: 'string', maxLength: 100, help: 'Client handler of a silent (INFO) data message' },
    data: { kind: 'json' },
    read: { kind: 'boolean', defaultValue: false, filter: 'eq', list: true },
  },
  search: [],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  representation: 'title',
  create: true,
  update: true,
  delete: 'hard',
  groupScoped: false,
};

/** Messages logged by the product and the front ends (POST /api/v2/log). */
export const SystemLog: ResourceSpec = {
  name: 'SystemLog',
  label: 'System logs',
  headOfficeOnly: true,
  table: 'system_logs',
  area: 'systemLogs',
  menu: 'System',
  countLimit: 10_000,
  fields: {
    ...APPEND_ONLY_FIELDS,
    severity: { kind: 'enum', values: LOG_SEVERITIES, readOnly: true, filter: 'eq', list: true },
    message: { kind: 'text', readOnly: true, list: true },
    options: { kind: 'json', readOnly: true },
    source: { kind: 'string', readOnly: true, filter: 'eq', list: true },
    userId: { kind: 'int', readOnly: true, filter: 'eq', list: true },
  },
  search: [],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  representation: '${severity} #${id}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: false,
};

/** Every change to audited records: who, what, when, before and after. */
export const AuditLogEntry: ResourceSpec = {
  name: 'AuditLogEntry',
  plural: 'AuditLogEntries',
  label: 'Audit log',
  headOfficeOnly: true,
  table: 'audit_log',
  area: 'systemLogs',
  menu: 'System',
  countLimit: 10_000,
  fields: {
    ...APPEND_ONLY_FIELDS,
    action: { kind: 'enum', values: AUDIT_ACTIONS, readOnly: true, filter: 'eq', list: true },
    entity: { kind: 'string', readOnly: true, filter: 'eq', list: true },
    entityId: { kind: 'string', readOnly: true, filter: 'eq', list: true },
    actorUserId: { kind: 'ref', ref: 'BackofficeUser', readOnly: true, filter: 'eq', list: true },
    before: { kind: 'json', readOnly: true },
    after: { kind: 'json', readOnly: true },
  },
  search: [],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  representation: '${action} ${entity} #${entityId}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: false,
};

/**
 * Sign-ups in progress, done or given up (issue 15): where each stopped, so staff can help a visitor who calls.
 * Written by the wizard only; the visitor's token is not shown.
 */
export const SignupSession: ResourceSpec = {
  name: 'SignupSession',
  label: 'Sign-ups',
  table: 'signup_sessions',
  area: 'customers',
  menu: 'Customers',
  fields: {
    ...SYSTEM_FIELDS,
    updatedAt: { kind: 'datetime', readOnly: true, sort: true, list: true, filter: 'range', help: 'The last answer the visitor gave' },
    flow: { kind: 'enum', values: SIGNUP_FLOWS, readOnly: true, filter: 'eq', list: true },
    step: { kind: 'enum', values: SIGNUP_STEPS, readOnly: true, filter: 'eq', list: true, help: 'Where the visitor is (or stopped)' },
    email: { kind: 'string', readOnly: true, list: true },
    postcode: { kind: 'string', readOnly: true, filter: 'eq', list: true },
    referralSlug: { kind: 'string', readOnly: true, filter: 'eq', help: 'The agency or promo link it came through' },
    completedAt: { kind: 'datetime', readOnly: true, list: true, sort: true, filter: 'range' },
    state: { kind: 'json', readOnly: true, help: 'What each step answered' },
  },
  search: ['email', 'postcode'],
  defaultSort: { field: 'updatedAt', order: 'DESC' },
  representation: 'Sign-up #${id}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: false,
  // Before sign-up there is no group: only staff who work for every group see them.
  headOfficeOnly: true,
};

/** Credit control, operations, settings and system records. */
export const OPERATIONS_RESOURCES: readonly ResourceSpec[] = [
  CreditControlRecord,
  CreditControlStep,
  MessageTemplate,
  CreditControlMessage,
  HouseVisit,
  Partner,
  Complaint,
  AgencyLead,
  Deal,
  SignupSession,
  PromoLink,
  ReferralCode,
  EmailBlacklist,
  Upload,
  BankHoliday,
  FeatureFlag,
  SystemSetting,
  Notification,
  SystemLog,
  AuditLogEntry,
];
