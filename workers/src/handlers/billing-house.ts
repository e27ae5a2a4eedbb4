import { billHouseForRun } from '../../../api/src/modules/billing';
import type { Handler } from '../handler';

/** One house of a bill run: its statement (or why it cannot be billed) and its tenants' statement e-mails; the outcome is the job's output. */
export const billingHouseHandler: Handler<'billing.house'> = async (job, { db, boss }) => billHouseForRun(db, job.data, boss);
