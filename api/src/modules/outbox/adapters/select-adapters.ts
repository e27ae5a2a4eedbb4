import path from 'node:path';
import { dataDir } from '@app/db';
import type { AppConfig } from '../../../config';
import { FileEmailAdapter } from './file-email.adapter';
import { SandboxSmsAdapter } from './sandbox-sms.adapter';
import { SmtpEmailAdapter } from './smtp-email.adapter';
import { TwilioSmsAdapter } from './twilio-sms.adapter';
import type { EmailAdapter, SmsAdapter } from './types';

export interface DeliveryAdapters {
  email: EmailAdapter;
  sms: SmsAdapter;
}

/** SMTP when SMTP_URL is set, else .eml files; Twilio when TWILIO_* are set, else the local sandbox. */
export function selectAdapters(config: AppConfig): DeliveryAdapters {
  const email = config.smtpUrl
    ? new SmtpEmailAdapter(config.smtpUrl, config.mailFrom)
    : new FileEmailAdapter(path.join(dataDir(), 'mail'), config.mailFrom);
  const sms = config.twilio
    ? new TwilioSmsAdapter(config.twilio.accountSid, config.twilio.authToken, config.twilio.from)
    : new SandboxSmsAdapter(path.join(dataDir(), 'sms'), config.siteName.slice(0, 11));
  return { email, sms };
}
