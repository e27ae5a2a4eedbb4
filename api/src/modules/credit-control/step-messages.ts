import type { PgBoss } from 'pg-boss';
import { MessageTemplate, TenantContract, type Knex, type User } from '@app/db';
import { formatLongDate, formatPounds, labelFor, normaliseUkMobile } from '../../rules';
import { queueMessages, type MessageToQueue } from '../outbox/queue-message.service';
import { fitSms, renderTemplate, type TemplateValues } from './render-template';

type Channel = 'EMAIL' | 'SMS' | 'CALL';
type Outcome = 'QUEUED' | 'CALL_TASK' | 'NO_ADDRESS' | 'BLACKLISTED';

/** One step of one case on one channel, before it is written. */
export interface StepMessage {
  groupId: number;
  caseId: number;
  tenantContractId: number;
  step: string;
  channel: Channel;
  /** Unique per contract, step and debt episode (the case), or per failed payment: the second try writes nothing. */
  dedupeKey: string;
  outcome: Outcome;
  outbox: MessageToQueue | null;
  paymentId?: number | null;
  daysOverdue?: number | null;
  debtPence?: number | null;
}

/** The tenants of the contracts (name, e-mail, mobile, Priority Services Register), as one relation graph. */
export async function tenantsOf(trx: Knex, tenantContractIds: readonly number[]): Promise<Map<number, User>> {
  if (tenantContractIds.length === 0) return new Map();
  const contracts = await TenantContract.query(trx).whereIn('id', [...new Set(tenantContractIds)]).withGraphFetched('tenant').select('id', 'user_id');
  return new Map(contracts.filter((contract) => contract.tenant).map((contract) => [contract.id, contract.tenant!]));
}

/** Every template, by step and channel. */
export async function loadTemplates(trx: Knex): Promise<Map<string, MessageTemplate>> {
  return new Map((await MessageTemplate.query(trx)).map((template) => [`${template.step}:${template.channel}`, template]));
}

export interface Recipient {
  tenant: User;
  blacklisted: boolean;
}

/**
 * Builds the message of a step on a channel for one tenant: the template filled in, or why nothing can go
 * (no address, a blacklisted address). A step with no template on that channel has nothing to send (null).
 */
export function composeStepMessage(
  base: Omit<StepMessage, 'outcome' | 'outbox' | 'channel'>,
  channel: 'EMAIL' | 'SMS',
  recipient: Recipient,
  template: MessageTemplate | undefined,
  values: TemplateValues,
): StepMessage | null {
  if (!template) return null;
  // Mobiles go out in E.164 (+447700900123), as Twilio takes them; a number that is not a UK mobile cannot be texted.
  const to = channel === 'EMAIL' ? recipient.tenant.email?.trim() : recipient.tenant.phone && normaliseUkMobile(recipient.tenant.phone);
  if (!to) return { ...base, channel, outcome: 'NO_ADDRESS', outbox: null };
  if (channel === 'EMAIL' && recipient.blacklisted) return { ...base, channel, outcome: 'BLACKLISTED', outbox: null };
  const text = renderTemplate(template.body, values);
  const outbox: MessageToQueue = channel === 'EMAIL' ? { channel, to, subject: renderTemplate(template.subject ?? '', values).slice(0, 200), text, groupId: base.groupId } : { channel, to, text: fitSms(text) };
  return { ...base, channel, outcome: 'QUEUED', outbox };
}

/** The values a template may use, for one tenant and debt. */
export function templateValues(tenant: User, input: { amountPence: number; dueDate?: string | null; daysOverdue?: number | null; payLinkBase: string; reason?: string | null; stage?: string | null }): TemplateValues {
  return {
    firstName: tenant.firstName?.trim() || 'there',
    amount: formatPounds(input.amountPence),
    dueDate: input.dueDate ? formatLongDate(input.dueDate) : '',
    daysOverdue: input.daysOverdue == null ? '' : String(input.daysOverdue),
    payLink: `${input.payLinkBase.replace(/\/$/, '')}/tenant-profile/payments/single-payment`,
    reason: input.reason?.replace(/\.$/, '') ?? 'no reason given',
    stage: input.stage ? labelFor(input.stage) : '',
  };
}

/**
 * Writes the steps taken, each once: a key already written is skipped with its message (a second run, or a
 * run after a worker died mid-way, sends nothing twice). The messages of the steps newly written go to the
 * outbox in the same transaction. Answers the steps newly written.
 */
export async function recordStepMessages(trx: Knex.Transaction, boss: PgBoss, messages: readonly StepMessage[]): Promise<StepMessage[]> {
  if (messages.length === 0) return [];
  const inserted: Array<{ id: string; dedupe_key: string }> = await trx('credit_control_messages')
    .insert(
      messages.map((message) => ({
        group_id: message.groupId,
        case_id: message.caseId,
        tenant_contract_id: message.tenantContractId,
        step: message.step,
        channel: message.channel,
        outcome: message.outcome,
        dedupe_key: message.dedupeKey,
        payment_id: message.paymentId ?? null,
        days_overdue: message.daysOverdue ?? null,
        debt_pence: message.debtPence ?? null,
      })),
    )
    .onConflict('dedupe_key')
    .ignore()
    .returning(['id', 'dedupe_key']);
  const idByKey = new Map(inserted.map((row) => [row.dedupe_key, Number(row.id)]));
  const written = messages.filter((message) => idByKey.has(message.dedupeKey));
  const toQueue = written.filter((message) => message.outbox);
  const outboxIds = await queueMessages(trx, boss, toQueue.map((message) => message.outbox!));
  if (toQueue.length) {
    await trx.raw(
      `UPDATE credit_control_messages m SET outbox_message_id = v.outbox_id, updated_at = now() FROM unnest(?::bigint[], ?::bigint[]) AS v(id, outbox_id) WHERE m.id = v.id`,
      [toQueue.map((message) => idByKey.get(message.dedupeKey)!), outboxIds],
    );
  }
  return written;
}
