import { ACCOUNTING_AGGREGATE_TYPES, ACCOUNTING_COMPANY_CODES, ACCOUNTING_TAX_CODES, BILLING_TYPES, UTILITY_TYPES } from '../value-sets';
import { isBlank, type RuleResult } from '../validation/common';
import { SYSTEM_FIELDS, type ResourceSpec } from './types';

/*
 * The codes the accounting export gives Sage 50 (tables finance_nominal_codes and finance_company_codes, seeded
 * by the finance migration with Sage's default UK chart of accounts). Staff with accounting WRITE change them
 * in the back office (Finance menu); the generic record engine checks and audits every change, and the next
 * journal or Sage export reads the new values. Rows are never deleted: the accounting export needs a default
 * row per purpose and a row per aggregate type, and old exports name the codes they used.
 */

/** What a nominal code is for (the finance migration's CHECK holds the same list). */
export const FINANCE_NOMINAL_PURPOSES = ['SALES', 'INSTALMENT', 'ADDITIONAL_DEBIT', 'ADDITIONAL_CREDIT', 'RECEIPT'] as const;

export const NOMINAL_CODE_MESSAGE = 'A nominal code is 1 to 20 letters or digits (Sage 50 nominal account, e.g. 4000)';

/** The database's finance_nominal_codes_code_format check, said first with a message. */
export function nominalCodeFormat(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return typeof value === 'string' && /^[0-9A-Za-z]{1,20}$/.test(value) ? null : NOMINAL_CODE_MESSAGE;
}

/** Sage's department codes are 0 to 999 (finance_company_codes_department_range). */
export function departmentCodeRange(value: unknown): RuleResult {
  if (isBlank(value)) return null;
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 999 ? null : 'A department code is a whole number from 0 to 999';
}

/**
 * The nominal ledger account of each kind of posting, narrowed by billing type and utility; the most specific
 * row wins. Staff may add a narrower row (BILL + gas) or change a code; a purpose's default row (no billing
 * type, no utility) must stay, so nothing is deleted.
 */
export const FinanceNominalCode: ResourceSpec = {
  name: 'FinanceNominalCode',
  label: 'Nominal codes',
  table: 'finance_nominal_codes',
  area: 'accounting',
  menu: 'Finance',
  fields: {
    ...SYSTEM_FIELDS,
    purpose: { kind: 'enum', values: FINANCE_NOMINAL_PURPOSES, required: true, createOnly: true, filter: 'eq', sort: true, list: true },
    billingType: { kind: 'enum', values: BILLING_TYPES, createOnly: true, filter: 'eq', list: true, help: 'Empty: every billing type' },
    utilityType: { kind: 'enum', values: UTILITY_TYPES, createOnly: true, filter: 'eq', list: true, help: 'Empty: every utility (needs a billing type when set)' },
    nominalCode: { kind: 'string', required: true, filter: 'eq', list: true, maxLength: 20, rules: [nominalCodeFormat], help: 'Sage 50 nominal account, e.g. 4000' },
    taxCode: { kind: 'enum', values: ACCOUNTING_TAX_CODES, required: true, filter: 'eq', list: true, help: 'For postings without a VAT breakdown of their own' },
    description: { kind: 'string', list: true },
  },
  search: ['nominalCode', 'description'],
  defaultSort: { field: 'purpose', order: 'ASC' },
  representation: '${nominalCode} ${description}',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: false,
};

/** The Sage company and department of each aggregate type: a fixed set of four rows, edited only. */
export const FinanceCompanyCode: ResourceSpec = {
  name: 'FinanceCompanyCode',
  label: 'Company codes',
  table: 'finance_company_codes',
  area: 'accounting',
  menu: 'Finance',
  fields: {
    ...SYSTEM_FIELDS,
    aggregateType: { kind: 'enum', values: ACCOUNTING_AGGREGATE_TYPES, readOnly: true, filter: 'eq', sort: true, list: true },
    companyCode: { kind: 'enum', values: ACCOUNTING_COMPANY_CODES, required: true, filter: 'eq', list: true },
    departmentCode: { kind: 'int', required: true, list: true, rules: [departmentCodeRange], help: '0 to 999' },
  },
  search: [],
  defaultSort: { field: 'aggregateType', order: 'ASC' },
  representation: '${aggregateType} → ${companyCode}',
  create: false,
  update: true,
  delete: 'never',
  groupScoped: false,
};

export const FINANCE_CODE_RESOURCES: readonly ResourceSpec[] = [FinanceNominalCode, FinanceCompanyCode];
