import type Mail from 'nodemailer/lib/mailer';
import type { OutgoingEmail } from './types';

/**
 * The message as every e-mail adapter sends it. The Message-ID is derived from the outbox row, so if a
 * crash ever made us hand the same row to the server twice, receivers would see one message.
 */
export function buildMail(email: OutgoingEmail, from: string): Mail.Options {
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  return {
    from: email.fromName ? { name: email.fromName, address: senderAddress(from) } : from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    ...(email.html ? { html: email.html } : {}),
    ...(email.attachments?.length ? { attachments: email.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })) } : {}),
    messageId: `<outbox-${email.outboxId}@${domain}>`,
    headers: { 'X-Outbox-Id': String(email.outboxId) },
  };
}

/** The address of a configured sender, written `bills@example.com` or `"Bills" <bills@example.com>`. */
function senderAddress(from: string): string {
  return from.match(/<([^>]+)>/)?.[1] ?? from.trim();
}
