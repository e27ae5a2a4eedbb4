import nodemailer from 'nodemailer';
import { buildMail } from './build-mail';
import type { EmailAdapter, OutgoingEmail } from './types';

/** Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpEmailAdapter implements EmailAdapter {
  readonly name: string;
  private readonly transport;

  constructor(smtpUrl: string, private readonly from: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
    const { hostname, port } = new URL(smtpUrl);
    this.name = `smtp://${hostname}:${port || 25}`;
  }

  async send(email: OutgoingEmail): Promise<{ providerMessageId: string }> {
    const info = await this.transport.sendMail(buildMail(email, this.from));
    return { providerMessageId: info.messageId };
  }
}
