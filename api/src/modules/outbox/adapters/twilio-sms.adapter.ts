import twilio from 'twilio';
import type { OutgoingSms, SmsAdapter } from './types';

/** Real SMS through Twilio's API (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM). */
export class TwilioSmsAdapter implements SmsAdapter {
  readonly name = 'twilio';
  private readonly client;

  constructor(accountSid: string, authToken: string, private readonly from: string) {
    this.client = twilio(accountSid, authToken);
  }

  async send(sms: OutgoingSms): Promise<{ providerMessageId: string }> {
    const message = await this.client.messages.create({ to: sms.to, from: this.from, body: sms.text });
    return { providerMessageId: message.sid };
  }
}
