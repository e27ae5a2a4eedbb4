import { addDays, monthOf } from '../../rules';

/**
 * One count on the back office's dashboard: the records of a list matching a filter, which the tile opens.
 * The count is taken through the same list query the screen uses (records.service countRecords), with the
 * same filter, so the number on the tile is the number of rows the list shows.
 */
export interface WorkTile {
  key: string;
  label: string;
  /** The catalogue resource (or 'Job' for the job console) whose list the tile opens. */
  resource: string;
  filter: Record<string, unknown>;
  /** The dashboard's block the tile is shown in. */
  section: 'work' | 'contracts' | 'system';
}

/** House contract billing statuses that need someone to act before the next bill run. */
export const BILLING_ISSUES = ['READ_NEEDED', 'READ_ISSUE', 'METER_ISSUE', 'SUPPLY_ISSUE', 'BALANCE_ISSUE', 'DISPUTE', 'NOT_MADE_IN_BILL_RUN'] as const;

/** The day's work, for a group, on the system's current date (YYYY-MM-DD). */
export function workTiles(today: string): WorkTile[] {
  const { first: monthStart, last: monthEnd } = monthOf(today);
  const weekAgo = addDays(today, -6);
  return [
    { key: 'readingsToApprove', label: 'Meter readings waiting for approval', resource: 'MeterReading', filter: { status: 'PENDING' }, section: 'work' },
    { key: 'billingIssues', label: 'House contracts with a billing issue', resource: 'HouseContract', filter: { billingStatus_in: [...BILLING_ISSUES] }, section: 'work' },
    { key: 'failedPayments', label: 'Payments failed in the last 7 days', resource: 'Payment', filter: { status: 'FAILED', paymentDate_gte: weekAgo, paymentDate_lte: today }, section: 'work' },
    { key: 'ddReturns', label: 'Direct Debits returned in the last 7 days', resource: 'Payment', filter: { status: 'FAILED', method: 'DIRECT_DEBIT', paymentDate_gte: weekAgo, paymentDate_lte: today }, section: 'work' },
    { key: 'creditControlDue', label: 'Credit-control cases to chase today', resource: 'CreditControlRecord', filter: { nextChasedDate_lte: today }, section: 'work' },
    { key: 'signUpsInProgress', label: 'Houses with a sign-up in progress', resource: 'House', filter: { status: 'INCOMPLETE_SIGNUP' }, section: 'work' },
    { key: 'contractsStarting', label: 'Tenant contracts starting this month', resource: 'TenantContract', filter: { startDate_gte: monthStart, startDate_lte: monthEnd }, section: 'contracts' },
    { key: 'contractsEnding', label: 'Tenant contracts ending this month', resource: 'TenantContract', filter: { endDate_gte: monthStart, endDate_lte: monthEnd }, section: 'contracts' },
    { key: 'jobsFailed', label: 'Jobs failed', resource: 'Job', filter: { state: 'failed' }, section: 'system' },
    // A house a bill run could not bill completes its job with the reason (so retries do not repeat it): counted here.
    { key: 'billRunHousesFailed', label: 'Houses a bill run could not bill', resource: 'BillRunHouse', filter: { status: 'FAILED' }, section: 'system' },
  ];
}
