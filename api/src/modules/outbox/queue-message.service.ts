import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { fromKnex } from 'pg-boss';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { enqueue } from '../../jobs/enqueue';
import { brandedEmail } from '../brand/branded-email';
import { groupBrand, type GroupBrand } from '../brand/group-brand';

export interface EmailToQueue {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The group the e-mail is sent for: it leaves under the group's brand name, and a plain text (no `html`)
   * gets the brand's HTML part and signature. Without it the e-mail is the product's own, unbranded.
   */
  groupId?: number | null;
  /** Files sent with the e-mail (stored with the message, in the same transaction). */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface SmsToQueue {
  to: string;
  text: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Puts an e-mail in the outbox and enqueues its delivery, both in the caller's transaction: a message is
 * sent only if the business change that wrote it commits.
 */
export async function queueEmail(trx: Knex.Transaction, boss: PgBoss, email: EmailToQueue): Promise<number> {
  const errors: FieldError[] = [];
  if (!EMAIL.test(email.to)) errors.push({ field: 'to', rule: 'email', message: 'must be a valid e-mail address' });
  if (!email.subject.trim()) errors.push({ field: 'subject', rule: 'required', message: 'is required' });
  if (!email.text.trim()) errors.push({ field: 'text', rule: 'required', message: 'is required' });
  (email.attachments ?? []).forEach((attachment, index) => {
    if (!attachment.filename.trim()) errors.push({ field: `attachments.${index}.filename`, rule: 'required', message: 'is required' });
    if (!Buffer.isBuffer(attachment.content)) errors.push({ field: `attachments.${index}.content`, rule: 'type', message: 'must be bytes' });
  });
  if (errors.length) throw DomainError.invalid(errors);
  const attachments = email.attachments ?? [];
  const brand = email.groupId ? await groupBrand(trx, email.groupId) : null;
  return insertAndEnqueue(trx, boss, { channel: 'EMAIL', recipient: email.to, subject: email.subject, ...emailBodies(brand, email.text, email.html) }, async (messageId) => {
    if (attachments.length === 0) return;
    await trx('outbox_attachments').insert(attachments.map((attachment) => ({ message_id: messageId, filename: attachment.filename, content_type: attachment.contentType, content: attachment.content })));
  });
}

export async function queueSms(trx: Knex.Transaction, boss: PgBoss, sms: SmsToQueue): Promise<number> {
  if (!sms.to.trim()) throw DomainError.invalid([{ field: 'to', rule: 'required', message: 'is required' }]);
  if (!sms.text.trim()) throw DomainError.invalid([{ field: 'text', rule: 'required', message: 'is required' }]);
  return insertAndEnqueue(trx, boss, { channel: 'SMS', recipient: sms.to, subject: null, text_body: sms.text, html_body: null });
}

async function insertAndEnqueue(trx: Knex.Transaction, boss: PgBoss, row: Record<string, unknown>, withMessage?: (messageId: number) => Promise<void>): Promise<number> {
  const [inserted] = await trx('outbox_messages').insert(row).returning('id');
  const messageId = Number(inserted.id);
  await withMessage?.(messageId);
  await enqueue(boss, trx, 'outbox.deliver', { messageId });
  return messageId;
}

/**
 * The stored bodies and sender of an e-mail: a branded one is sent as its brand's name, and its plain text gets
 * the brand's signature and HTML part unless the caller wrote its own HTML (already branded).
 */
function emailBodies(brand: GroupBrand | null, text: string, html: string | undefined) {
  if (!brand) return { text_body: text, html_body: html ?? null, group_id: null, sender_name: null };
  const bodies = html === undefined ? brandedEmail(brand, text.split('\n')) : { text, html };
  return { text_body: bodies.text, html_body: bodies.html, group_id: brand.groupId, sender_name: brand.name };
}

export type MessageToQueue = { channel: 'EMAIL'; to: string; subject: string; text: string; groupId?: number | null } | { channel: 'SMS'; to: string; text: string };

/**
 * Many plain messages at once (a day of credit-control steps): one insert into the outbox and one insert of
 * their delivery jobs, in the caller's transaction. Answers the outbox ids in the order given.
 */
export async function queueMessages(trx: Knex.Transaction, boss: PgBoss, messages: readonly MessageToQueue[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const brands = new Map<number, GroupBrand>();
  for (const message of messages) {
    if (message.channel === 'EMAIL' && message.groupId && !brands.has(message.groupId)) brands.set(message.groupId, await groupBrand(trx, message.groupId));
  }
  const rows = messages.map((message) =>
    message.channel === 'EMAIL'
      ? { channel: 'EMAIL', recipient: message.to, subject: message.subject, ...emailBodies(message.groupId ? brands.get(message.groupId)! : null, message.text, undefined) }
      : { channel: 'SMS', recipient: message.to, subject: null, text_body: message.text, html_body: null },
  );
  const inserted: Array<{ id: string }> = await trx('outbox_messages').insert(rows).returning('id');
  const ids = inserted.map((row) => Number(row.id));
  await boss.insert('outbox.deliver', ids.map((messageId) => ({ data: { messageId } })), { db: fromKnex(trx) });
  return ids;
}
