import { sendHouseStatementEmails } from '../../../api/src/modules/billing/pdf/statement-email.service';
import type { Handler } from '../handler';

/** The e-mails of the tenant statements of house statements issued together, PDFs attached (already queued, void or no address: nothing to do). */
export const billingStatementEmailHandler: Handler<'billing.statement-email'> = async (job, { db, boss }) => sendHouseStatementEmails(db, boss, job.data.houseBillIds);
