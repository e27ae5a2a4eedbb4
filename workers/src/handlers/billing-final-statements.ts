import { runFinalStatementJob } from '../../../api/src/modules/plan-billing';
import type { Handler } from '../handler';

/** The daily sweep (enqueues one job per PLAN tenant contract due a final statement) or one contract's final statement. */
export const billingFinalStatementsHandler: Handler<'billing.final-statements'> = async (job, { db, boss }) => runFinalStatementJob(db, boss, job.data ?? {});
