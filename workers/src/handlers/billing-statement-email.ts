import { sendHouseStatementEmails } from '../../../api/src/modules/billing/pdf/statement-email.service';
import type { Handler } from '../handler';

/** The e-mails of a house statement's tenant statements, PDFs attached (already queued, void or no address: nothing to do). */
export const billingStatementEmailHandler: Handler<'billing.statement-email'> = async (job, { db, boss }) => sendHouseStatementEmails(db, boss, job.data.houseBillId);
