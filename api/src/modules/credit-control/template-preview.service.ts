import type { PgBoss } from 'pg-boss';
import { MessageTemplate, TenantContract, type Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError } from '../../errors/domain-error';
import { smsText } from '../../rules';
import { queueEmail } from '../outbox/queue-message.service';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { overdueDebts } from './overdue-debts';
import { fitSms, renderTemplate, unknownPlaceholders } from './render-template';
import { templateValues, tenantsOf } from './step-messages';

interface Caller {
  user: AuthUser | null;
  groupId: number | null;
  payLinkBase: string;
}

async function templateById(db: Knex, id: unknown): Promise<MessageTemplate> {
  const template = Number.isInteger(Number(id)) && Number(id) > 0 ? await MessageTemplate.query(db).findById(Number(id)) : undefined;
  if (!template) throw new DomainError('NOT_FOUND', 'Message template not found.', { fields: [{ field: 'id', rule: 'exists', message: 'Message template not found.' }] });
  return template;
}

/** A tenant contract of the caller's group; another group's id is answered as not found. */
async function contractOfGroup(db: Knex, groupId: number | null, id: unknown): Promise<TenantContract> {
  const contract = Number.isInteger(Number(id)) && Number(id) > 0 ? await TenantContract.query(db).findById(Number(id)) : undefined;
  if (!contract || groupId === null || contract.groupId !== groupId) {
    throw new DomainError('NOT_FOUND', 'Tenant contract not found.', { fields: [{ field: 'tenantContractId', rule: 'exists', message: 'Choose a tenant contract of this group' }] });
  }
  return contract;
}

/**
 * A template as a tenant would get it, with a real tenant contract's data (the caller's group only), before
 * it is saved: the text typed so far (subject, body) stands in for the stored one. Says what the SMS rule or
 * an unknown placeholder makes of it.
 */
export async function previewMessageTemplate(db: Knex, caller: Caller, input: { id: unknown; tenantContractId: unknown; subject?: string | null; body?: string | null }) {
  const template = await templateById(db, input.id);
  const contract = await contractOfGroup(db, caller.groupId, input.tenantContractId);
  const tenant = (await tenantsOf(db, [contract.id])).get(contract.id)!;
  const today = await readSystemCurrentDate(db);
  const [debt] = await overdueDebts(db, today, { tenantContractIds: [contract.id] });
  const values = templateValues(tenant, { amountPence: debt?.debtPence ?? 0, dueDate: debt?.oldestDueDate, daysOverdue: debt?.daysOverdue ?? 0, payLinkBase: caller.payLinkBase, reason: 'Insufficient funds', stage: 'ENGAGEMENT' });
  const subject = input.subject ?? template.subject;
  const body = input.body ?? template.body;
  const text = renderTemplate(body, values);
  const problems = [
    ...unknownPlaceholders(`${subject ?? ''} ${body}`).map((name) => `Unknown placeholder {{${name}}}`),
    ...(template.channel === 'SMS' && smsText(body) ? [smsText(body)!] : []),
  ];
  return {
    channel: template.channel,
    to: template.channel === 'EMAIL' ? tenant.email : tenant.phone,
    subject: subject ? renderTemplate(subject, values) : null,
    text: template.channel === 'SMS' ? fitSms(text) : text,
    characters: text.length,
    problems,
  };
}

/** Sends the preview to the member of staff's own e-mail address (a text template too, as an e-mail), marked as a test. */
export async function sendTestMessage(db: Knex, boss: PgBoss, caller: Caller, input: { id: unknown; tenantContractId: unknown; subject?: string | null; body?: string | null }): Promise<string> {
  const preview = await previewMessageTemplate(db, caller, input);
  const staff = caller.user ? await db('users').where({ id: caller.user.id }).first('email') : undefined;
  if (!staff?.email) throw DomainError.invalid([{ field: 'id', rule: 'email', message: 'Your account has no e-mail address to send the test to' }]);
  await db.transaction((trx) =>
    queueEmail(trx, boss, { to: staff.email, subject: `[Test] ${preview.subject ?? 'Text message'}`, text: `${preview.channel === 'SMS' ? `Text message to ${preview.to ?? 'no mobile'}:\n\n` : ''}${preview.text}`, groupId: preview.channel === 'EMAIL' ? caller.groupId : null }),
  );
  return staff.email;
}
