import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { resourceSpec } from '../../rules';
import { queueEmail, queueSms } from '../outbox/queue-message.service';
import { requireGroup } from '../records/record-scope';
import { readSystemCurrentDate } from '../settings/read-current-date.service';

export interface ReadRequestCaller {
  db: Knex;
  boss: PgBoss;
  userId: number;
  groupId: number | null;
  baseUrl: string;
}

export const READ_REQUEST_MESSAGES = {
  alreadyToday: "This meter's tenants were already asked for a reading today",
  noTenants: 'This house has no current tenants to ask',
} as const;

/**
 * `GET /api/v2/cooperation/send-read/{id}`: asks the current tenants of the meter's house, by e-mail and by SMS
 * where they have a mobile number, to send a reading of that meter — through the outbox, in one transaction,
 * at most once a day per meter (a unique request per meter and day), audited.
 */
export async function sendReadRequest(caller: ReadRequestCaller, meterIdText: string) {
  const groupId = requireGroup(resourceSpec('Meter'), caller.groupId);
  const meter = /^\d{1,9}$/.test(meterIdText) ? await caller.db('meters').where({ id: Number(meterIdText), group_id: groupId }).first('id', 'house_id', 'serial_number', 'utility_type', 'is_active') : undefined;
  if (!meter) throw new DomainError('NOT_FOUND', `Meters: no record ${meterIdText}`);
  const today = await readSystemCurrentDate(caller.db);
  const tenants: Array<{ id: number; email: string; phone: string | null; first_name: string }> = await caller.db('tenant_contracts as tc')
    .join('house_contracts as hc', 'hc.id', 'tc.house_contract_id')
    .join('users as u', 'u.id', 'tc.user_id')
    .where('hc.house_id', meter.house_id)
    .whereNot('tc.status', 'CANCELLED')
    .where('tc.start_date', '<=', today)
    .where('tc.end_date', '>=', today)
    .distinct('u.id', 'u.email', 'u.phone', 'u.first_name')
    .orderBy('u.id');
  if (!tenants.length) throw DomainError.invalid([{ field: 'id', rule: 'tenants', message: READ_REQUEST_MESSAGES.noTenants }]);
  const utility = meter.utility_type === 'electric' ? 'electricity' : meter.utility_type;
  const link = `${caller.baseUrl.replace(/\/$/, '')}/tenant-profile/give-meter-reading`;
  return caller.db.transaction(async (trx) => {
    const [request] = await trx('reading_requests').insert({ group_id: groupId, meter_id: meter.id, requested_on: today, requested_by_user_id: caller.userId }).onConflict(['meter_id', 'requested_on']).ignore().returning('*');
    if (!request) throw new DomainError('CONFLICT', READ_REQUEST_MESSAGES.alreadyToday, { fields: [{ field: 'id', rule: 'oncePerDay', message: READ_REQUEST_MESSAGES.alreadyToday }] });
    let emails = 0;
    let sms = 0;
    for (const tenant of tenants) {
      await queueEmail(trx, caller.boss, {
        to: tenant.email,
        subject: `Please send us a ${utility} meter reading`,
        text: `Hello ${tenant.first_name},\n\nPlease send us a reading of your ${utility} meter ${meter.serial_number}, with a photo of the meter, so your bills use your real usage:\n${link}\n\nThank you.`,
        groupId,
      });
      emails++;
      if (tenant.phone) {
        await queueSms(trx, caller.boss, { to: tenant.phone, text: `Please send us a reading of your ${utility} meter ${meter.serial_number}: ${link}` });
        sms++;
      }
    }
    const [after] = await trx('reading_requests').where({ id: request.id }).update({ emails, sms }).returning('*');
    await recordChange(trx, { action: 'INSERT', entity: 'reading_requests', entityId: request.id, actorUserId: caller.userId, after });
    return { meterId: meter.id, requestedOn: today, emails, sms };
  });
}
