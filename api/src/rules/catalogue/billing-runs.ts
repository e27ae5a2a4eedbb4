import { BILLING_STATUSES } from '../value-sets';
import { SYSTEM_FIELDS, type ResourceSpec } from './types';

/** A bill run's life: PENDING until its fan-out job starts, RUNNING while houses are billed, then COMPLETED (with failures). */
export const BILL_RUN_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'COMPLETED_WITH_FAILURES'] as const;
/** One house of a run: PENDING until its job has run, then DONE (statement issued), ALREADY_BILLED or FAILED (with the reason). */
export const BILL_RUN_HOUSE_STATUSES = ['PENDING', 'DONE', 'FAILED', 'ALREADY_BILLED'] as const;

/**
 * A bill run: the BILL statements of one group for one period. Started by staff (startBillRun) or by the
 * automation (scheduleAutomatedBilling); one job fans out a job per house contract. The counts are the
 * run's progress, recomputed as each house finishes.
 */
export const BillRun: ResourceSpec = {
  name: 'BillRun',
  label: 'Bill runs',
  table: 'bill_runs',
  area: 'billing',
  menu: 'Billing',
  fields: {
    ...SYSTEM_FIELDS,
    periodStart: { kind: 'date', readOnly: true, filter: 'range', sort: true, list: true },
    periodEnd: { kind: 'date', readOnly: true, filter: 'range', list: true },
    issueDate: { kind: 'date', readOnly: true, help: 'The date the statements are issued on' },
    status: { kind: 'enum', values: BILL_RUN_STATUSES, readOnly: true, filter: 'eq', list: true },
    automated: { kind: 'boolean', readOnly: true, filter: 'eq', list: true },
    scheduledOn: { kind: 'date', readOnly: true, help: 'Automated runs: the day the automation was scheduled' },
    requestedBy: { kind: 'ref', ref: 'BackofficeUser', readOnly: true, help: 'Who started the run (empty for automated runs)' },
    housesTotal: { kind: 'int', readOnly: true, list: true },
    housesDone: { kind: 'int', readOnly: true, list: true, help: 'Statements issued' },
    housesAlreadyBilled: { kind: 'int', readOnly: true, list: true },
    housesFailed: { kind: 'int', readOnly: true, list: true },
    housesRemaining: { kind: 'int', readOnly: true, list: true },
    startedAt: { kind: 'datetime', readOnly: true },
    finishedAt: { kind: 'datetime', readOnly: true, list: true },
  },
  search: [],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  representation: 'Bill run ${periodStart} – ${periodEnd}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
  related: [{ resource: 'BillRunHouse', target: 'billRunId' }],
};

/** One house contract of a bill run: its outcome, the billing status it left the contract in and why it failed. */
export const BillRunHouse: ResourceSpec = {
  name: 'BillRunHouse',
  label: 'Bill run houses',
  table: 'bill_run_houses',
  area: 'billing',
  menu: 'Billing',
  fields: {
    ...SYSTEM_FIELDS,
    billRunId: { kind: 'ref', ref: 'BillRun', readOnly: true, filter: 'eq', list: true },
    houseContractId: { kind: 'ref', ref: 'HouseContract', readOnly: true, filter: 'eq', list: true },
    status: { kind: 'enum', values: BILL_RUN_HOUSE_STATUSES, readOnly: true, filter: 'eq', list: true },
    billingStatus: { kind: 'enum', values: BILLING_STATUSES, readOnly: true, filter: 'eq', list: true },
    billId: { kind: 'ref', ref: 'Bill', readOnly: true, filter: 'eq', help: 'The house statement issued' },
    error: { kind: 'text', readOnly: true, list: true, help: 'Why the house could not be billed' },
    attempts: { kind: 'int', readOnly: true, list: true },
  },
  search: [],
  defaultSort: { field: 'id', order: 'ASC' },
  representation: 'Bill run ${billRunId} house contract ${houseContractId}',
  create: false,
  update: false,
  delete: 'never',
  groupScoped: true,
};
