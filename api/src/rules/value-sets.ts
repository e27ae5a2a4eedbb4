/**
 * The value sets of the data model (specification §3 and §4), once. Migrations turn each into a
 * database CHECK, the catalogue into GraphQL input checks and back-office choices. Values are stored as
 * the specification writes them; labels for people live in `value-labels.ts`.
 */

// Parties.
export const CUSTOMER_TYPES = ['TENANT', 'STUDENT', 'LANDLORD', 'LETTING_AGENCY', 'PARENT_OF_TENANT', 'CAREGIVER_OF_TENANT', 'BUSINESS', 'PREFER_NOT_TO_SAY'] as const;
export const CONTACT_TYPES = ['AGENT', 'AGENCY', 'TENANT'] as const;
/** What an agency's agents may do in the agent portal (the specification does not show the set). */
export const AGENCY_PORTAL_PERMISSIONS = ['FULL', 'VIEW_ONLY', 'NO_ACCESS'] as const;
export const CARD_PROVIDERS = ['STRIPE', 'WORLDPAY'] as const;

// Property and contracts.
export const HOUSE_STATUSES = ['ACTIVE', 'LEAVING', 'CLOSED', 'INCOMPLETE_SIGNUP'] as const;
export const PLAN_TYPES = ['GREENSAVER', 'UNLIMITED', 'LITE'] as const;
export const BILLING_TYPES = ['PLAN', 'BILL'] as const;
export const WATER_BILLING_TYPES = ['METERED', 'RATEABLE'] as const;
export const PAYMENT_FREQUENCIES = ['TRIANNUAL', 'QUARTERLY', 'MONTHLY'] as const;
export const INSTALMENTS_PER_YEAR = { TRIANNUAL: 3, QUARTERLY: 4, MONTHLY: 12 } as const;
export const CONTRACT_TERMS = ['FIXED', 'VARIABLE'] as const;
export const AGENCY_HOUSE_CONTRACT_STATUSES = ['VOID_PERIOD', 'TENANT_PAYING', 'BILLS_INCLUSIVE'] as const;
export const EOY_ACTIONS = ['LEAVE', 'STAY', 'MOVE'] as const;
export const ENERGY_USE_TYPES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export const SUPPLY_TYPES = ['NO_SUPPLY', 'ELEC_ONLY', 'GAS_ONLY', 'DUAL'] as const;
export const UTILITY_TYPES = ['gas', 'electric', 'water', 'tv_licence', 'broadband'] as const;
export const UTILITY_STATUSES = [
  'NOT_ORDERED',
  'ORDERED_BY_THE_TENANT',
  'ACTIONED_BY_PROVIDER',
  'OBJECTED',
  'ACTIVE',
  'TO_CANCEL',
  'PENDING_CANCELLATION',
  'CANCELLED',
  'UNCLEAR_INFO',
] as const;
export const SERVICE_CHANGE_STATUSES = ['CANCELATION_REQUESTED', 'CANCELATION_PROCESSED', 'UPGRADE_REQUESTED', 'NEW_UTILITY_REQUESTED', 'PROCESSED', 'SAGE_UPDATE_NEEDED'] as const;
export const BROADBAND_CHANGES = ['FINAL_TEXT', 'APPOINTMENT_EMAIL_AND_TEXT', 'ORDER_PLACED', 'INSTALLED', 'CEASED'] as const;
export const WATER_COMPANY_STATUSES = ['NOT_DONE', 'OPENED', 'ACTIONED', 'CLOSED', 'RECONCILED', 'CARRIED_FORWARD', 'DO_NOT_CLOSE'] as const;
/** Mbps; 1000 is sold as "1 GB". */
export const BROADBAND_SPEEDS = ['400', '600', '800', '1000'] as const;
export const BILLING_STATUSES = [
  'BALANCE_ISSUE',
  'BILL_SENT',
  'CLOSED',
  'CONTRACT_DATES_CHANGED',
  'DISPUTE',
  'FINAL_BILL',
  'FUTURE',
  'IN_PROGRESS',
  'METER_ISSUE',
  'NOT_MADE_IN_BILL_RUN',
  'READ_ISSUE',
  'READ_NEEDED',
  'SMART_PREPAYMENT',
  'SUPPLY_ISSUE',
  'WATER_BILL_NEEDED',
  'WEEKLY_QUOTE_UPDATE',
] as const;

// Meters and readings.
export const METER_TYPES = ['PREPAYMENT', 'CREDIT', 'SMART', 'SMART_PREPAYMENT', 'SMART_NON_COMPLIANT'] as const;
/** Electric SINGLE/DUAL, gas IMPERIAL/METRIC, water METERED/RATED/ASSESSED. */
export const METER_RATE_TYPES = ['SINGLE', 'DUAL', 'IMPERIAL', 'METRIC', 'METERED', 'RATED', 'ASSESSED'] as const;
export const METER_RATE_TYPES_BY_UTILITY: Readonly<Record<string, readonly string[]>> = {
  electric: ['SINGLE', 'DUAL'],
  gas: ['IMPERIAL', 'METRIC'],
  water: ['METERED', 'RATED', 'ASSESSED'],
};
/** A dual-rate meter has a day and a night register. */
export const METER_REGISTERS = ['SINGLE', 'DAY', 'NIGHT'] as const;
export const READING_SOURCES = ['BACK_OFFICE', 'TENANT_PORTAL', 'APP', 'IOS', 'ANDROID', 'AGENT_APP', 'OFFICER_APP', 'REBEL', 'TENANT', 'AGENT', 'SUPPLIER', 'INDUSTRY'] as const;
export const READING_TYPES = [
  'ACTUAL',
  'ESTIMATE',
  'TENANT_REAL',
  'TENANT_ESTIMATE',
  'AGENT_REAL',
  'AGENT_ESTIMATE',
  'PROVIDER_REPRESENTATIVE_REAL',
  'PROVIDER_REPRESENTATIVE_ESTIMATE',
  'INDUSTRY_REAL',
  'INDUSTRY_ESTIMATE',
  'SUPPLIER_REAL',
  'SUPPLIER_ESTIMATE',
] as const;
export const READING_STATUSES = ['INITIAL', 'PENDING', 'PROCESSING', 'APPROVED', 'APPROVED_FOR_BILLING', 'FINAL', 'DECLINED', 'REJECTED', 'ARCHIVED', 'DISPUTE', 'CORRECTION', 'METER_ISSUE'] as const;

// Pricing.
export const TARIFF_TYPES = ['DOMESTIC_FIXED', 'DOMESTIC_VARIABLE', 'BUSINESS_FIXED', 'BUSINESS_VARIABLE'] as const;
export const TARIFF_PAYMENT_METHODS = ['PPM', 'ALL', 'OTHER', 'CREDIT'] as const;
export const TARIFF_RATE_TYPES = ['SR', 'DN'] as const;
export const MARGIN_TYPES = ['LOW', 'STANDARD', 'HIGH', 'EXTREME_LOW', 'SUPER_LOW', 'EXTRA_LOW', 'EXTRA_HIGH', 'SUPER_HIGH', 'EXTREME_HIGH', 'ZERO_MARGIN'] as const;
export const USAGE_ESTIMATE_TYPES = ['DAILY', 'MONTHLY'] as const;
/** The 14 electricity distribution regions (GSP groups) a postcode falls in; tariffs are priced per region. */
export const ELECTRICITY_REGIONS = ['_A', '_B', '_C', '_D', '_E', '_F', '_G', '_H', '_J', '_K', '_L', '_M', '_N', '_P'] as const;
/** VAT rates on bills in basis points: 0%, 5% (domestic energy), 20% (broadband, business energy). */
export const VAT_RATES_BP = [0, 500, 2000] as const;

// Money.
export const BILL_KINDS = ['HOUSE_STATEMENT', 'TENANT_STATEMENT', 'FINAL_STATEMENT', 'ENERGY_BILL', 'PORTFOLIO_INVOICE'] as const;
/** Issued statements are never edited: they are voided and re-issued. */
export const BILL_STATES = ['ISSUED', 'VOID'] as const;
export const BILL_STATUSES = ['COMPLETE', 'DISPUTE'] as const;
export const PDF_STATUSES = ['VOID', 'MISSING_GDRIVE_FILE', 'READY_TO_VOID'] as const;
/** OUTSTANDING and PAID as the specification shows; FAILED when a collection fails (the failed-payment job, domain notes). */
export const PAYMENT_STATUSES = ['OUTSTANDING', 'PAID', 'FAILED'] as const;
export const LEDGER_ENTRY_KINDS = ['INSTALMENT', 'STATEMENT', 'FINAL_STATEMENT', 'ADDITIONAL_DEBIT', 'PAYMENT', 'PAYMENT_FAILED', 'REFUND', 'ADDITIONAL_CREDIT', 'GOVERNMENT_REBATE', 'VOID'] as const;
/** Ledger kinds that are charges (amount >= 0): what the tenant owes goes up. A refund pays money back, so it is a charge. */
export const LEDGER_CHARGE_KINDS = ['INSTALMENT', 'STATEMENT', 'ADDITIONAL_DEBIT', 'PAYMENT_FAILED', 'REFUND'] as const satisfies ReadonlyArray<(typeof LEDGER_ENTRY_KINDS)[number]>;
/** Ledger kinds that are credits (amount <= 0). FINAL_STATEMENT and VOID may be either. */
export const LEDGER_CREDIT_KINDS = ['PAYMENT', 'ADDITIONAL_CREDIT', 'GOVERNMENT_REBATE'] as const satisfies ReadonlyArray<(typeof LEDGER_ENTRY_KINDS)[number]>;
export const PAYMENT_METHOD_KINDS = ['CARD', 'DIRECT_DEBIT'] as const;
export const DIRECT_DEBIT_STATUSES = ['ARRANGED', 'PENDING'] as const;
export const MANDATE_STATUSES = ['PENDING', 'ACTIVE', 'INACTIVE', 'CANCELLING', 'FAILED', 'CUSTOMER_CANCELLED'] as const;
export const DD_TRANSACTION_STATUSES = ['PENDING', 'SUBMITTED', 'SETTLED', 'CANCELLED', 'FAILED'] as const;
export const TRACKER_REVIEW_STATUSES = ['NEEDS_REVIEW', 'REVIEWED', 'TARIFF_CHANGE'] as const;
export const SCHEDULE_TYPES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'NEVER', 'CRON'] as const;
export const SCHEDULE_ENDS = ['TIMES', 'DATE'] as const;
export const SCHEDULE_KINDS = ['REFUND', 'ONE_PAYMENT', 'REGULAR_PAYMENT', 'INITIAL_PAYMENT', 'FINAL_PAYMENT'] as const;
export const SCHEDULE_STATUSES = ['ACTIVE', 'COMPLETED', 'CANCELLED'] as const;
/** A schedule occurrence collected (issue 14): how, and how far it got. */
export const COLLECTION_CHANNELS = ['DIRECT_DEBIT', 'CARD'] as const;
export const COLLECTION_STATUSES = ['PENDING', 'SUBMITTED', 'SETTLED', 'FAILED'] as const;
/** A Bacs submission file: the day's collections (Standard 18 debits) or mandate lodgements (AUDDIS). */
export const BACS_SUBMISSION_KINDS = ['COLLECTIONS', 'AUDDIS'] as const;
export const BACS_SUBMISSION_STATUSES = ['SUBMITTED', 'REPORTED'] as const;
export const REFUND_TYPES = ['PAYMENT', 'REFERRAL', 'TENANT_STATEMENT_BILL', 'FINAL_STATEMENT'] as const;
export const REFUND_STATUSES = ['ACTIVE', 'COMPLETED', 'PARTIAL_COMPLETED', 'INFORMATION_REQUIRED', 'REJECTED', 'CANCELLED'] as const;
export const TOP_UP_SOURCES = ['BACKOFFICE', 'FRONTOFFICE'] as const;
export const TOP_UP_STATUSES = ['NEW', 'PENDING', 'COMPLETED', 'INSUFFICIENT'] as const;
export const DEBT_REPAYMENT_TYPES = ['FIXED', 'VARIABLE', 'BLANK'] as const;
export const ADDITIONAL_TRANSACTION_TYPES = ['CREDIT', 'DEBIT'] as const;
export const GOVERNMENT_REBATE_METHODS = ['DIRECT_PAYMENT', 'ADDITIONAL_TRANSACTION', 'COMBINED'] as const;

// Finance.
export const SALES_JOURNAL_STATUSES = ['GENERATED', 'REVERSED'] as const;
export const SALES_JOURNAL_EXPORT_STATUSES = ['EXPORTED', 'NOT_EXPORTED'] as const;
export const ACCOUNTING_TRANSACTION_TYPES = ['SI', 'SC', 'SA', 'SD', 'SP', 'SR'] as const;
export const ACCOUNTING_EXPORT_SOURCES = ['MONTHLY', 'STATEMENT', 'ENERGY_BILL', 'PORTFOLIO_INVOICE', 'ADDITIONAL_TRANSACTION'] as const;
export const ACCOUNTING_COMPANY_CODES = ['COMPANY_1', 'COMPANY_2', 'COMPANY_3', 'COMPANY_4', 'PLAN', 'BILL', 'PORTFOLIO', 'PHOENIX'] as const;
export const ACCOUNTING_AGGREGATE_TYPES = ['PLAN', 'BILL', 'PORTFOLIO', 'OTHER'] as const;
export const ACCOUNTING_EXPORT_STATUSES = ['NOT_EXPORTED', 'EXPORTED', 'EXPORTED_TO_SAGE'] as const;
/** One row of an accounting export: waiting, taken by the accounting package, or rejected by it (with a reason). */
export const ACCOUNTING_EXPORT_ROW_STATUSES = ['PENDING', 'EXPORTED', 'REJECTED'] as const;
/** The accounting package's tax codes: T0 zero-rated, T1 standard 20%, T2 exempt, T5 reduced 5%, T9 outside the scope of VAT. */
export const ACCOUNTING_TAX_CODES = ['T0', 'T1', 'T2', 'T5', 'T9'] as const;

// Credit control.
export const CREDIT_CONTROL_STATUSES = [
  'NO_RESPONSE_YET',
  'SUED',
  'DEBT_SCHEDULE_AGREED',
  'GET_DEPOSIT',
  'RANG_ANSWERPHONE',
  'STATEMENT_TO_SEND',
  'STATEMENT_SENT',
  'CONTACTED_GUARANTOR',
  'RING_BACK',
  'DEBT_COLLECTION',
  'LETTER_SENT',
  'EMAILED',
  'EMAILED_HOUSE_PEER_PRESSURE',
  'TEXTED',
  'JUDGEMENT',
] as const;
export const CREDIT_CONTROL_STAGES = [
  'ENGAGEMENT',
  'INVOLUNTARY_REMOTE_SWITCH',
  'WARRANT',
  'VULNERABLE',
  'PREPAYMENT',
  'DIRECT_DEBIT',
  'ALTERNATIVE_DEBT_PATHWAY',
  'OLD_DEBT',
  'PLAN',
  'OCCUPIER',
  'DEBT_RESOLVED',
  'LEGAL',
] as const;
/**
 * The automated steps of the credit-control ladder (specification §4's templates): each sends its message once
 * per case (debt episode). FAILED_PAYMENT goes at once, per failed payment, not by days overdue.
 */
export const CREDIT_CONTROL_STEPS = ['FAILED_PAYMENT', 'BEHIND_ON_PAYMENTS', 'NO_CARD', 'NO_RESPONSE_ESCALATION', 'WARNING_OF_JUDGEMENT', 'STAGE_COMMUNICATION'] as const;
/** How a step reaches the tenant: by e-mail, by SMS, or, on the gentle path, a call staff make (a task). */
export const CREDIT_CONTROL_CHANNELS = ['EMAIL', 'SMS', 'CALL'] as const;
/** What became of a step's message: queued in the outbox, or not sent and why (the timeline says which). */
export const CREDIT_CONTROL_MESSAGE_OUTCOMES = ['QUEUED', 'CALL_TASK', 'NO_ADDRESS', 'BLACKLISTED', 'PASSED_OVER'] as const;

// Operations.
export const HOUSE_VISIT_JOB_TYPES = ['TAKE_READINGS', 'WARRANT_OF_ENTRY', 'CHECK_DEEMED', 'NOTICE_OF_ATTENDANCE', 'SITE_INVESTIGATION', 'PREPAYMENT_WARNING'] as const;
export const HOUSE_VISIT_STATUSES = ['PENDING', 'REVIEW', 'COMPLETE', 'CANCELLED'] as const;
export const HOUSE_VISIT_RESULTS = ['NO_REPLY', 'REFUSED_ENTRY', 'ACCESS_GIVEN', 'OTHER'] as const;
export const COMPLAINT_STATUSES = ['IN_PROGRESS', 'RESOLVED', 'NO'] as const;
export const PROMO_LINK_TYPES = ['PLAN_SIGNUP'] as const;
export const AGENCY_LEAD_STAGES = ['NEW', 'CONTACTED', 'INTERESTED', 'DEMO', 'UNQUALIFIED'] as const;
export const DEAL_STAGES = ['FOLLOW_UP', 'UNDER_REVIEW', 'DEMO', 'NEGOTIATION', 'WON', 'LOST'] as const;
export const SALE_STATUSES = ['ACCOUNT', 'LEAD', 'DEAL', 'VISITED', 'CLOSED'] as const;
export const UPLOAD_RESOURCE_TYPES = [
  'READING',
  'STATEMENT',
  'USAGE_REPORT',
  'SALES_JOURNALS',
  'COMMENT_ATTACHMENT',
  'ENERGY_BILL',
  'DD_GENERATED_MANDATE',
  'DD_PAPER_MANDATE',
  'DIRECT_DEBIT_PAYMENTS_REPORT',
  'CREDIT_CARD_PAYMENTS_REPORT',
  'TENANCY_AGREEMENT',
  'ENERGY_BILL_CONTRACT',
  'PORTFOLIO_INVOICE',
  'PROOF_OF_ADDRESS',
  'HOUSE_VISIT_JOB_ATTACHMENT',
  'SAGE_IMPORT_INVALID_DATA',
  'ENTITY_CONFIGURATION_ASSET',
  'INVALID_AUTOMATED_INVOICES_REPORT',
  'CC_STAGE_UPDATE',
] as const;
/** An upload written by a job (a usage report) is IN_PROGRESS until its file is READY (or FAILED); others arrive READY. */
export const UPLOAD_STATUSES = ['IN_PROGRESS', 'READY', 'FAILED'] as const;
export const NOTIFICATION_TYPES = ['INFO', 'SUCCESS', 'WARNING', 'ERROR'] as const;
export const CONTRACT_TYPES = ['HOUSE_CONTRACT', 'TENANT_CONTRACT'] as const;

/** The margin each margin type starts with, in basis points (1500 = 15%); staff change them in the back office. */
export const DEFAULT_MARGIN_BASIS_POINTS: Readonly<Record<(typeof MARGIN_TYPES)[number], number>> = {
  ZERO_MARGIN: 0,
  EXTREME_LOW: 250,
  SUPER_LOW: 500,
  EXTRA_LOW: 750,
  LOW: 1000,
  STANDARD: 1500,
  HIGH: 2000,
  EXTRA_HIGH: 2500,
  SUPER_HIGH: 3000,
  EXTREME_HIGH: 4000,
};
