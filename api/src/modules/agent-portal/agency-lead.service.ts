import type { PgBoss } from 'pg-boss';
import { AgencyLead, type Knex } from '@app/db';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { email as emailRule, personName } from '../../rules';
import { queueEmail } from '../outbox/queue-message.service';

/** Where new agency leads are announced: the partnerships team named on /agents/signup. */
export const PARTNERS_EMAIL = 'partners@sharedhousebills.co.uk';
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

export interface AgencyLeadInput {
  agencyName?: unknown;
  contactName?: unknown;
  email?: unknown;
  phone?: unknown;
  cityName?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The agent sign-up form (/agents/signup): records an agency lead at stage NEW (sales status LEAD) and
 * e-mails the partnerships team, in one transaction so the team hears of every lead and of no other.
 */
export async function createAgencyLead(db: Knex, boss: PgBoss, input: AgencyLeadInput): Promise<{ id: number; stage: string }> {
  const lead = { agencyName: text(input.agencyName), contactName: text(input.contactName), email: text(input.email), phone: text(input.phone), cityName: text(input.cityName) };
  const errors: FieldError[] = [];
  if (!lead.agencyName) errors.push({ field: 'agencyName', rule: 'required', message: 'Required' });
  else if (lead.agencyName.length > 200) errors.push({ field: 'agencyName', rule: 'maxLength', message: 'At most 200 characters' });
  if (!lead.contactName) errors.push({ field: 'contactName', rule: 'required', message: 'Required' });
  else if (lead.contactName.length > 200 || personName(lead.contactName)) errors.push({ field: 'contactName', rule: 'personName', message: personName(lead.contactName) ?? 'At most 200 characters' });
  if (!lead.email) errors.push({ field: 'email', rule: 'required', message: 'Required' });
  else if (lead.email.length > 254 || emailRule(lead.email)) errors.push({ field: 'email', rule: 'email', message: 'Invalid e-mail address' });
  if (lead.phone && !PHONE.test(lead.phone)) errors.push({ field: 'phone', rule: 'phone', message: 'Enter a phone number of 7 to 20 digits' });
  if (lead.cityName.length > 100) errors.push({ field: 'cityName', rule: 'maxLength', message: 'At most 100 characters' });
  if (errors.length) throw DomainError.invalid(errors);

  return db.transaction(async (trx) => {
    const row = await AgencyLead.query(trx).insertAndFetch({ ...lead, phone: lead.phone || null, cityName: lead.cityName || null, stage: 'NEW', saleStatus: 'LEAD' });
    await queueEmail(trx, boss, {
      to: PARTNERS_EMAIL,
      subject: `New agency lead: ${lead.agencyName}`,
      text: [`${lead.agencyName} asked to become a partner agent.`, '', `Contact: ${lead.contactName}`, `E-mail: ${lead.email}`, `Phone: ${lead.phone || '-'}`, `City: ${lead.cityName || '-'}`, '', `Lead #${row.id}, stage NEW.`].join('\n'),
    });
    return { id: row.id, stage: row.stage };
  });
}
