import { sendStatementEmail } from '../../../api/src/modules/billing/pdf/statement-email.service';
import type { Handler } from '../handler';

/** One tenant statement's e-mail with its PDF attached (already queued, void or no address: nothing to do). */
export const billingStatementEmailHandler: Handler<'billing.statement-email'> = async (job, { db, boss }) => sendStatementEmail(db, boss, job.data.billId);
