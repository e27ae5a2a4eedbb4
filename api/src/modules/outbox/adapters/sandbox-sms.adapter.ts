import fs from 'node:fs/promises';
import path from 'node:path';
import type { OutgoingSms, SmsAdapter } from './types';

/** Twilio's own limits, so the sandbox refuses what the real service would refuse. */
const E164 = /^\+[1-9]\d{7,14}$/;
const MAX_BODY = 1600;

/**
 * Local stand-in for Twilio when no TWILIO_* settings are given: validates like the service (E.164
 * number, body length) and records each SMS as a JSON file named after its outbox row.
 */
export class SandboxSmsAdapter implements SmsAdapter {
  readonly name: string;

  constructor(private readonly folder: string, private readonly from: string) {
    this.name = `sandbox://${folder}`;
  }

  async send(sms: OutgoingSms): Promise<{ providerMessageId: string }> {
    if (!E164.test(sms.to)) throw new Error(`Invalid 'To' phone number: ${sms.to} (21211)`);
    if (sms.text.length > MAX_BODY) throw new Error(`Message body exceeds ${MAX_BODY} characters (21617)`);
    const sid = `SMsandbox${String(sms.outboxId).padStart(24, '0')}`;
    await fs.mkdir(this.folder, { recursive: true });
    const record = { sid, from: this.from, to: sms.to, body: sms.text, sentAt: new Date().toISOString() };
    await fs.writeFile(path.join(this.folder, `${sms.outboxId}.json`), JSON.stringify(record, null, 2));
    return { providerMessageId: sid };
  }
}
