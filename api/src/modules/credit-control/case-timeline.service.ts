import { CreditControlMessage, Payment, type Knex } from '@app/db';
import { formatPounds, labelFor, PAYMENT_STATUSES } from '../../rules';
import { caseForCaller, type StaffCaller } from './credit-control-cases.service';

const OUTCOME_WORDS: Record<string, string> = {
  QUEUED: 'sent',
  CALL_TASK: 'call the tenant (vulnerable: no automated warning)',
  NO_ADDRESS: 'not sent: no address to send it to',
  BLACKLISTED: 'not sent: the address is on the e-mail blacklist',
};

/**
 * Everything that happened on a case, newest first: each step of the ladder (sent, or why not), each payment of
 * the contract since the case opened (taken or failed), each change of stage or status and who made it.
 */
export async function creditControlTimeline(db: Knex, caller: StaffCaller, caseId: unknown) {
  const record = await caseForCaller(db, caller, caseId);
  const messages = await CreditControlMessage.query(db).where('case_id', record.id).orderBy('id');
  const payments = await Payment.query(db).where('tenant_contract_id', record.tenantContractId).where('created_at', '>=', record.createdAt).orderBy('id');
  const changes: Array<{ id: number; created_at: Date; before: Record<string, unknown> | null; after: Record<string, unknown> | null; actor: string | null }> = await db('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .where({ 'a.entity': 'credit_control_records', 'a.entity_id': String(record.id) })
    .orderBy('a.id')
    .select('a.id', 'a.created_at', 'a.before', 'a.after', db.raw(`nullif(trim(u.first_name || ' ' || u.last_name), '') AS actor`));
  const events = [
    ...messages.map((message) => ({
      at: new Date(message.createdAt),
      kind: 'MESSAGE',
      text: `${labelFor(message.step)} (${message.channel === 'CALL' ? 'call' : message.channel === 'SMS' ? 'text' : 'e-mail'}): ${OUTCOME_WORDS[message.outcome] ?? labelFor(message.outcome)}${message.debtPence ? `, ${formatPounds(message.debtPence)} owed` : ''}${message.daysOverdue ? ` ${message.daysOverdue} days overdue` : ''}`,
      by: 'Credit control',
    })),
    ...payments.map((payment) => ({
      at: new Date(payment.createdAt),
      kind: 'PAYMENT',
      text: `Payment of ${formatPounds(payment.amountPence)}: ${labelFor(payment.status, PAYMENT_STATUSES).toLowerCase()}${payment.failureReason ? ` (${payment.failureReason.replace(/\.$/, '')})` : ''}`,
      by: labelFor(payment.method),
    })),
    ...changes.map((change) => ({ at: new Date(change.created_at), kind: 'CHANGE', text: describeChange(change.before, change.after), by: change.actor ?? 'Credit control' })),
  ];
  return events.sort((a, b) => b.at.getTime() - a.at.getTime()).map((event) => ({ ...event, at: event.at.toISOString() }));
}

function describeChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  if (!before) return `Case opened: ${labelFor(String(after?.stage ?? 'ENGAGEMENT'))}, ${labelFor(String(after?.status ?? 'NO_RESPONSE_YET')).toLowerCase()}`;
  const parts = Object.keys(after ?? {})
    .filter((key) => key in before && before[key] !== after![key])
    .map((key) => `${labelFor(key)}: ${labelFor(String(before[key] ?? 'none'))} → ${labelFor(String(after![key] ?? 'none'))}`);
  return parts.length ? parts.join('; ') : 'Case updated';
}
