import type { Knex } from '@app/db';
import type { DeliveryAdapters } from './adapters/select-adapters';
import { isBlacklisted } from './email-blacklist';
import type { OutgoingEmail } from './adapters/types';

export type DeliveryOutcome = 'sent' | 'already-sent' | 'blacklisted';

/** Why a message to a blacklisted address stays unsent (shown on the outbox row). */
export const BLACKLISTED_ERROR = 'Not sent: the address is on the e-mail blacklist';
type AttemptOutcome = DeliveryOutcome | 'failed';

interface OutboxRow {
  id: number;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  text_body: string;
  html_body: string | null;
  sender_name: string | null;
  status: 'PENDING' | 'SENT' | 'FAILED';
}

/** The stored attachments of an e-mail, as the adapters take them (nothing when it has none). */
async function attachmentsOf(trx: Knex, messageId: number): Promise<{ attachments?: NonNullable<OutgoingEmail['attachments']> }> {
  const rows: Array<{ filename: string; content_type: string; content: Buffer }> = await trx('outbox_attachments').where({ message_id: messageId }).orderBy('id').select('filename', 'content_type', 'content');
  return rows.length ? { attachments: rows.map((row) => ({ filename: row.filename, contentType: row.content_type, content: row.content })) } : {};
}

/**
 * Sends one outbox message, exactly once however often its job runs: the row is locked while it is sent,
 * so a duplicate job waits, then finds it SENT and does nothing. A failed attempt is recorded on the row
 * and rethrown so the queue retries it; after the last try the row is marked FAILED.
 */
export async function deliverOutboxMessage(
  knex: Knex,
  adapters: DeliveryAdapters,
  messageId: number,
  { finalAttempt }: { finalAttempt: boolean },
): Promise<DeliveryOutcome> {
  let failure: Error | null = null;
  const outcome = await knex.transaction(async (trx): Promise<AttemptOutcome> => {
    const row: OutboxRow | undefined = await trx('outbox_messages').where({ id: messageId }).forUpdate().first();
    if (!row) throw new Error(`Outbox message ${messageId} does not exist`);
    if (row.status === 'SENT') return 'already-sent';
    // Every e-mail the product sends passes here, so the blacklist holds for all of them, whoever queued it.
    if (row.channel === 'EMAIL' && (await isBlacklisted(trx, row.recipient))) {
      await trx('outbox_messages').where({ id: row.id }).update({ status: 'FAILED', last_error: BLACKLISTED_ERROR });
      return 'blacklisted';
    }
    const adapter = row.channel === 'EMAIL' ? adapters.email : adapters.sms;
    try {
      const { providerMessageId } =
        row.channel === 'EMAIL'
          ? await adapters.email.send({ outboxId: row.id, to: row.recipient, subject: row.subject ?? '', text: row.text_body, html: row.html_body, fromName: row.sender_name, ...(await attachmentsOf(trx, row.id)) })
          : await adapters.sms.send({ outboxId: row.id, to: row.recipient, text: row.text_body });
      await trx('outbox_messages')
        .where({ id: row.id })
        .update({ status: 'SENT', sent_at: trx.fn.now(), adapter: adapter.name, provider_message_id: providerMessageId, last_error: null, attempts: trx.raw('attempts + 1') });
      return 'sent';
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      await trx('outbox_messages')
        .where({ id: row.id })
        .update({ status: finalAttempt ? 'FAILED' : 'PENDING', adapter: adapter.name, last_error: failure.message, attempts: trx.raw('attempts + 1') });
      return 'failed';
    }
  });
  // Thrown after the commit, so the attempt stays recorded and the queue retries the job.
  if (outcome === 'failed') throw failure ?? new Error('delivery failed');
  return outcome;
}
