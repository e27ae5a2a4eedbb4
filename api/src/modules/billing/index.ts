/** BILL billing: house statements and bill runs as idempotent jobs (what the workers and tests use). */
export { generateHouseStatement, type HouseStatementOutcome, type HouseStatementRequest } from './house-statement.service';
export { startBillRun, scheduleAutomatedBilling, retryFailedHouses, fanOutBillRun, houseJobKey, billRunRecord, type BillRunCaller, type BillRunRow } from './bill-runs.service';
export { billHouseForRun, billHousesForRun, type HouseJob, type HouseJobOutcome, type HouseJobResult } from './bill-run-house.service';
export { refreshRunProgress } from './run-progress';
export { runBillingAutomation, type BillingAutomationOutput, type GroupAutomationOutcome } from './automation/run-billing-automation';
export { AUTOMATED_BILLING_FEATURE, AUTOMATED_BILLING_GROUPS_SETTING } from './automation/automation-settings';
export { BILLING_RUN_MESSAGES, DOMESTIC_ENERGY_VAT_BP, STATEMENT_DUE_DAYS, READ_WINDOW_DAYS, NotBillable } from './billing-rules';
