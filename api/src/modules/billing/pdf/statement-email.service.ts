import { fromKnex, type PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { formatDisplayDate, formatPounds } from '../../../rules';
import { brandedEmail } from '../../brand/branded-email';
import { queueEmail } from '../../outbox/queue-message.service';
import { renderStatementPdfBuffer, statementFileName } from './statement-pdf';
import { loadStatementPdfData } from './statement-pdf-data';

/*
 * Statement e-mails: the house statements issued together (a bill-run batch, a re-issue) get one
 * `billing.statement-email` job, which e-mails every tenant statement split from them: renders the PDF and
 * writes one outbox e-mail to the tenant with it attached (the outbox job delivers it). One job per batch, not
 * per statement: a bill run of 20,000 houses enqueues 80 jobs, not 50,000 (each job row costs the run's
 * transaction about 0.1 ms).
 */

export type StatementEmailOutcome = { billId: number; status: 'QUEUED'; messageId: number } | { billId: number; status: 'ALREADY_QUEUED' | 'SKIPPED'; reason: string };

/** The singleton key of an e-mail job: its first house statement (a statement is issued, so e-mailed, once). */
export const statementEmailKey = (houseBillIds: readonly number[]): string => `statement-email:${Math.min(...houseBillIds)}`;

export const statementEmailSubject = (billId: number, brandName: string): string => `Your energy statement ${billId} from ${brandName}`;

/** The ISSUED tenant statements split from these house statements, in id order. */
async function tenantStatementIds(db: Knex, houseBillIds: readonly number[]): Promise<number[]> {
  return (await db('bills').whereIn('parent_bill_id', houseBillIds).where({ state: 'ISSUED' }).whereNotNull('tenant_contract_id').orderBy('id').pluck('id')).map(Number);
}

/**
 * Enqueues the e-mails of the ISSUED tenant statements split from a house statement, in the caller's
 * transaction (call it in the transaction that issued them, so no e-mail is promised for a statement that
 * rolled back). Returns how many statements will be e-mailed.
 */
export async function enqueueStatementEmails(boss: PgBoss, trx: Knex.Transaction, houseBillId: number): Promise<number> {
  const billIds = await tenantStatementIds(trx, [houseBillId]);
  if (billIds.length) await enqueueEmailsOfStatements(boss, trx, [houseBillId]);
  return billIds.length;
}

/** Enqueues one job e-mailing the tenant statements of all these house statements, in the caller's transaction. */
export async function enqueueEmailsOfStatements(boss: PgBoss, trx: Knex.Transaction, houseBillIds: readonly number[]): Promise<void> {
  if (houseBillIds.length === 0) return;
  await boss.insert('billing.statement-email', [{ data: { houseBillIds: [...houseBillIds] }, singletonKey: statementEmailKey(houseBillIds) }], { db: fromKnex(trx) });
}

/**
 * The `billing.statement-email` job: e-mails each ISSUED tenant statement of the house statements. Every one
 * is tried; if any failed, the job fails naming them, and its retry skips those already in the outbox.
 */
export async function sendHouseStatementEmails(db: Knex, boss: PgBoss, houseBillIds: readonly number[]): Promise<StatementEmailOutcome[]> {
  const outcomes: StatementEmailOutcome[] = [];
  const failures: string[] = [];
  for (const billId of await tenantStatementIds(db, houseBillIds)) {
    try {
      outcomes.push(await sendStatementEmail(db, boss, billId));
    } catch (error) {
      failures.push(`statement ${billId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length) throw new Error(`Statement e-mails failed (${failures.join('; ')})`);
  return outcomes;
}

/**
 * One tenant statement's e-mail: renders its PDF and puts an e-mail with it in the outbox. Safe to run twice: the bill row is locked and a message already queued for it (same recipient and
 * subject) means nothing more to do. A void statement, or a tenant without an e-mail address, is skipped.
 */
export async function sendStatementEmail(db: Knex, boss: PgBoss, billId: number): Promise<StatementEmailOutcome> {
  const loaded = await loadStatementPdfData(db, billId);
  if (!loaded) return { billId, status: 'SKIPPED', reason: 'No such bill' };
  const { data, groupId } = loaded;
  if (data.kind === 'HOUSE_STATEMENT') return { billId, status: 'SKIPPED', reason: 'House statements are not e-mailed' };
  if (data.state !== 'ISSUED') return { billId, status: 'SKIPPED', reason: `The statement is ${data.state}` };
  if (!data.recipientEmail) return { billId, status: 'SKIPPED', reason: 'The tenant has no e-mail address' };
  const subject = statementEmailSubject(billId, data.brandName);
  const to = data.recipientEmail;
  const alreadyQueued = { billId, status: 'ALREADY_QUEUED' as const, reason: 'An e-mail for this statement is already in the outbox' };
  const queued = (knex: Knex) => knex('outbox_messages').where({ channel: 'EMAIL', recipient: to, subject }).first('id');
  // A retried job finds most of its statements sent: no PDF rendered for those.
  if (await queued(db)) return alreadyQueued;
  const pdf = await renderStatementPdfBuffer(data);
  return db.transaction(async (trx) => {
    await trx('bills').where({ id: billId }).forUpdate().first('id');
    if (await queued(trx)) return alreadyQueued;
    const period = `${formatDisplayDate(data.periodStart)} to ${formatDisplayDate(data.periodEnd)}`;
    const { text, html } = brandedEmail({ name: data.brandName, colour: data.brandColour, supportEmail: data.supportEmail }, [
      `Dear ${data.recipientName},`,
      '',
      `Your energy statement for ${period} is attached.`,
      `Amount due: ${formatPounds(data.totalPence)}, by ${formatDisplayDate(data.dueDate)}.`,
      `Pay on receipt by bank transfer quoting reference ${billId}, or by card once signed in to your ${data.brandName} account:`,
      data.payOnlineUrl,
      '',
      `Your statements and payments: ${data.accountUrl}`,
    ]);
    const messageId = await queueEmail(trx, boss, { to, subject, text, html, groupId, attachments: [{ filename: statementFileName(data), contentType: 'application/pdf', content: pdf }] });
    return { billId, status: 'QUEUED' as const, messageId };
  });
}
