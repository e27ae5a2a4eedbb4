import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { buildMail } from './build-mail';
import type { EmailAdapter, OutgoingEmail } from './types';

/**
 * Development default when no SMTP_URL is set: each message is written as a standard .eml file (open it
 * in any mail program) named after its outbox row, so nothing leaves the machine.
 */
export class FileEmailAdapter implements EmailAdapter {
  readonly name: string;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(private readonly folder: string, private readonly from: string) {
    this.name = `file://${folder}`;
  }

  async send(email: OutgoingEmail): Promise<{ providerMessageId: string }> {
    const info = await this.transport.sendMail(buildMail(email, this.from));
    await fs.mkdir(this.folder, { recursive: true });
    await fs.writeFile(path.join(this.folder, `${email.outboxId}.eml`), info.message as Buffer);
    return { providerMessageId: info.messageId };
  }
}
