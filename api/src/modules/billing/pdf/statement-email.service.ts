import { fromKnex, type PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { formatDisplayDate, formatPounds } from '../../../rules';
import { queueEmail } from '../../outbox/queue-message.service';
import { renderStatementPdfBuffer, statementFileName } from './statement-pdf';
import { loadStatementPdfData } from './statement-pdf-data';

/*
 * Statement e-mails: each house statement gets a `billing.statement-email` job, which e-mails every tenant
 * statement split from it: renders the PDF and writes one outbox e-mail to the tenant with it attached (the
 * outbox job delivers it). One job per house, not per tenant: a bill run enqueues 20,000, not 50,000.
 */

export type StatementEmailOutcome = { billId: number; status: 'QUEUED'; messageId: number } | { billId: number; status: 'ALREADY_QUEUED' | 'SKIPPED'; reason: string };

/** The singleton key of a house statement's e-mail job: one queued or running job per house statement. */
export const statementEmailKey = (houseBillId: number): string => `statement-email:${houseBillId}`;

export const statementEmailSubject = (billId: number, brandName: string): string => `Your energy statement ${billId} from ${brandName}`;

/** The ISSUED tenant statements split from a house statement, in id order. */
async function tenantStatementIds(db: Knex, houseBillId: number): Promise<number[]> {
  return (await db('bills').where({ parent_bill_id: houseBillId, state: 'ISSUED' }).whereNotNull('tenant_contract_id').orderBy('id').pluck('id')).map(Number);
}

/**
 * Enqueues the e-mails of the ISSUED tenant statements split from a house statement, in the caller's
 * transaction (call it in the transaction that issued them, so no e-mail is promised for a statement that
 * rolled back). Returns how many statements will be e-mailed.
 */
export async function enqueueStatementEmails(boss: PgBoss, trx: Knex.Transaction, houseBillId: number): Promise<number> {
  const billIds = await tenantStatementIds(trx, houseBillId);
  if (billIds.length) await enqueueEmailsOfStatements(boss, trx, [houseBillId]);
  return billIds.length;
}

/** Enqueues the e-mails of the tenant statements of each given house statement, in the caller's transaction (a bill-run batch issues many at once). */
export async function enqueueEmailsOfStatements(boss: PgBoss, trx: Knex.Transaction, houseBillIds: readonly number[]): Promise<void> {
  if (houseBillIds.length === 0) return;
  await boss.insert(
    'billing.statement-email',
    houseBillIds.map((houseBillId) => ({ data: { houseBillId }, singletonKey: statementEmailKey(houseBillId) })),
    { db: fromKnex(trx) },
  );
}

/**
 * The `billing.statement-email` job: e-mails each ISSUED tenant statement of the house statement. Every one
 * is tried; if any failed, the job fails naming them, and its retry skips those already in the outbox.
 */
export async function sendHouseStatementEmails(db: Knex, boss: PgBoss, houseBillId: number): Promise<StatementEmailOutcome[]> {
  const outcomes: StatementEmailOutcome[] = [];
  const failures: string[] = [];
  for (const billId of await tenantStatementIds(db, houseBillId)) {
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
  const { data } = loaded;
  if (data.kind === 'HOUSE_STATEMENT') return { billId, status: 'SKIPPED', reason: 'House statements are not e-mailed' };
  if (data.state !== 'ISSUED') return { billId, status: 'SKIPPED', reason: `The statement is ${data.state}` };
  if (!data.recipientEmail) return { billId, status: 'SKIPPED', reason: 'The tenant has no e-mail address' };
  const pdf = await renderStatementPdfBuffer(data);
  const subject = statementEmailSubject(billId, data.brandName);
  const to = data.recipientEmail;
  return db.transaction(async (trx) => {
    await trx('bills').where({ id: billId }).forUpdate().first('id');
    if (await trx('outbox_messages').where({ channel: 'EMAIL', recipient: to, subject }).first('id')) return { billId, status: 'ALREADY_QUEUED' as const, reason: 'An e-mail for this statement is already in the outbox' };
    const period = `${formatDisplayDate(data.periodStart)} to ${formatDisplayDate(data.periodEnd)}`;
    const text = [
      `Dear ${data.recipientName},`,
      '',
      `Your energy statement for ${period} is attached.`,
      `Amount due: ${formatPounds(data.totalPence)}, by ${formatDisplayDate(data.dueDate)}.`,
      `Pay on receipt by bank transfer quoting reference ${billId}, or by card in your ${data.brandName} online account.`,
      '',
      data.brandName,
    ].join('\n');
    const messageId = await queueEmail(trx, boss, { to, subject, text, attachments: [{ filename: statementFileName(data), contentType: 'application/pdf', content: pdf }] });
    return { billId, status: 'QUEUED' as const, messageId };
  });
}
