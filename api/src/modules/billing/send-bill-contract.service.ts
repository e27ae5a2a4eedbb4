import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { formatDisplayDate } from '../../rules';
import { HouseContract } from '../../rules/catalogue/property';
import { queueEmail } from '../outbox/queue-message.service';
import { requireGroup } from '../records/record-scope';
import { STATEMENT_DUE_DAYS } from './billing-rules';

/*
 * Sending a house contract's BILL contract to its tenants for signing. The contract describes metered
 * billing (statements from meter readings, split by days, due in 14 days), so it may only go out once the
 * house contract is billed that way: a PLAN contract is refused with the specification's "Update to Bill
 * before sending a contract" (staff change the billing type first, then send).
 */

export const SEND_CONTRACT_MESSAGES = {
  updateToBill: 'Update to Bill before sending a contract',
  closed: 'A closed contract cannot be sent',
  noRecipients: 'No tenant of this contract has an e-mail address',
  notFound: 'There is no such house contract in this group',
} as const;

/** The domestic terms the e-mail links to (built with the site, site/scripts/build-documents.mjs). */
export const TERMS_PATH = '/documents/domestic-terms-and-conditions.pdf';

export interface SendContractCaller {
  db: Knex;
  boss: PgBoss;
  userId: number | null;
  groupId: number | null;
  baseUrl: string;
}

interface ContractRow {
  id: number;
  billing_type: string;
  status: string;
  sign_up_date: string;
  end_date: string;
  street_name: string;
  city_name: string;
  post_code: string;
  group_name: string;
}

/** E-mails each tenant of the house contract their BILL contract; answers the recipients. */
export async function sendBillContract(caller: SendContractCaller, houseContractId: number): Promise<string[]> {
  const groupId = requireGroup(HouseContract, caller.groupId);
  return caller.db.transaction(async (trx) => {
    const contract: ContractRow | undefined = await trx('house_contracts as hc')
      .join('houses as h', 'h.id', 'hc.house_id')
      .join('groups as g', 'g.id', 'hc.group_id')
      .where({ 'hc.id': Number.isSafeInteger(houseContractId) ? houseContractId : 0, 'hc.group_id': groupId })
      .first('hc.id', 'hc.billing_type', 'hc.status', 'hc.sign_up_date', 'hc.end_date', 'h.street_name', 'h.city_name', 'h.post_code', 'g.name as group_name');
    if (!contract) throw new DomainError('NOT_FOUND', SEND_CONTRACT_MESSAGES.notFound, { fields: [{ field: 'houseContractId', rule: 'exists', message: SEND_CONTRACT_MESSAGES.notFound }] });
    if (contract.billing_type !== 'BILL') {
      throw new DomainError('CONFLICT', SEND_CONTRACT_MESSAGES.updateToBill, { fields: [{ field: 'billingType', rule: 'billTypeToSend', message: SEND_CONTRACT_MESSAGES.updateToBill }] });
    }
    if (contract.status === 'CLOSED') throw new DomainError('CONFLICT', SEND_CONTRACT_MESSAGES.closed, { fields: [{ field: 'status', rule: 'notClosed', message: SEND_CONTRACT_MESSAGES.closed }] });

    const tenants: Array<{ email: string | null; first_name: string | null; start_date: string; end_date: string }> = await trx('tenant_contracts as tc')
      .join('users as u', 'u.id', 'tc.user_id')
      .where({ 'tc.house_contract_id': contract.id })
      .whereNot('tc.status', 'CLOSED')
      .orderBy('tc.id')
      .select('u.email', 'u.first_name', 'tc.start_date', 'tc.end_date');
    const recipients = tenants.filter((tenant) => tenant.email);
    if (recipients.length === 0) throw new DomainError('CONFLICT', SEND_CONTRACT_MESSAGES.noRecipients, { fields: [{ field: 'houseContractId', rule: 'recipients', message: SEND_CONTRACT_MESSAGES.noRecipients }] });

    const address = `${contract.street_name}, ${contract.city_name} ${contract.post_code}`;
    for (const tenant of recipients) {
      await queueEmail(trx, caller.boss, {
        to: tenant.email!,
        subject: `Your bills contract for ${contract.street_name}: please sign`,
        text: [
          `Dear ${tenant.first_name ?? 'tenant'},`,
          '',
          `Your contract with ${contract.group_name} for ${address} is ready to sign: your share runs from ${formatDisplayDate(tenant.start_date)} to ${formatDisplayDate(tenant.end_date)}.`,
          `You are billed by meter readings: each statement splits the house's energy between the tenants by the days each lived there, and is due within ${STATEMENT_DUE_DAYS} days.`,
          `The terms: ${caller.baseUrl}${TERMS_PATH}`,
          '',
          `Reply to this e-mail to sign, quoting contract HC-${contract.id}.`,
        ].join('\n'),
        groupId,
      });
    }
    const sentTo = recipients.map((tenant) => tenant.email!);
    await recordChange(trx, { action: 'UPDATE', entity: 'house_contracts', entityId: contract.id, actorUserId: caller.userId, after: { billContractSentTo: sentTo } });
    return sentTo;
  });
}
