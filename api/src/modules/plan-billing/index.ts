/** PLAN billing: payment schedules and instalments when a PLAN contract is signed, and final statements at the end. */
export { ensurePlanSchedule, ensurePlanSchedulesForHouseContract, planContractPrice, scheduleTiming, PLAN_SCHEDULE_MESSAGES, type PlanScheduleOutcome } from './plan-schedule.service';
export { generateFinalStatement, FINAL_STATEMENT_MESSAGES, FINAL_STATEMENT_WEEKS, type FinalStatementOutcome } from './final-statement.service';
export { dueFinalStatements, enqueueDueFinalStatements, runFinalStatementJob, finalStatementJobKey, FINAL_STATEMENTS_QUEUE, type FinalStatementJobOutput } from './final-statement-jobs';
export { combineRules, combineRuleSets } from './combine-rules';
export { PLAN_BILLING_RULES } from './plan-billing-rules';
