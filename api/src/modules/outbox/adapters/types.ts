/** What a delivery adapter needs of an outbox row. */
export interface OutgoingEmail {
  outboxId: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** The name it is sent as (the group's brand), in front of the configured sender address; none: the configured sender as it is. */
  fromName?: string | null;
  /** The message's attachments, if it has any. */
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface OutgoingSms {
  outboxId: number;
  to: string;
  text: string;
}

export interface EmailAdapter {
  /** Shown at start and stored on each sent row, so an operator knows where a message went. */
  readonly name: string;
  send(email: OutgoingEmail): Promise<{ providerMessageId: string }>;
}

export interface SmsAdapter {
  readonly name: string;
  send(sms: OutgoingSms): Promise<{ providerMessageId: string }>;
}
