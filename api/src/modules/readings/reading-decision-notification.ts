import type { Knex } from '@app/db';
import { createNotification } from '../notifications/create-notification.service';
import { formatLongDate } from '../../rules';

const APPROVED = ['APPROVED', 'APPROVED_FOR_BILLING'];
const DECLINED = ['DECLINED', 'REJECTED'];
const decision = (status: string | null) => (status === null ? null : APPROVED.includes(status) ? 'approved' : DECLINED.includes(status) ? 'declined' : null);

/**
 * When staff approve or decline a reading sent from the tenant area or the agent portal, its sender is told,
 * in the decision's own transaction. Only a change into a decision notifies: saving it again does not.
 */
export async function notifyReadingDecision(trx: Knex, readingId: number, statusBefore: string | null, statusAfter: string): Promise<void> {
  const after = decision(statusAfter);
  if (!after || decision(statusBefore) === after) return;
  const approved = after === 'approved';
  const reading = await trx('meter_readings as r')
    .join('users as u', 'u.id', 'r.submitted_by_user_id')
    .join('meters as m', 'm.id', 'r.meter_id')
    .where('r.id', readingId)
    .first('r.submitted_by_user_id as user_id', 'u.role', 'r.house_id', 'r.value', 'r.reading_date', 'm.serial_number');
  if (!reading) return;
  const when = formatLongDate(String(reading.reading_date).slice(0, 10));
  const value = Number(reading.value).toLocaleString('en-GB', { maximumFractionDigits: 3 });
  const link = reading.role === 'agent' ? `/agent-portal/property/${reading.house_id}` : '/tenant-profile/give-meter-reading';
  await createNotification(trx, {
    userId: reading.user_id,
    title: approved ? 'Meter reading approved' : 'Meter reading declined',
    message: approved
      ? `Your reading of ${value} for meter ${reading.serial_number} on ${when} was approved.`
      : `Your reading of ${value} for meter ${reading.serial_number} on ${when} was declined: please check the meter and send a new reading with a photo.`,
    notificationType: approved ? 'SUCCESS' : 'WARNING',
    type: approved ? 'READING_APPROVED' : 'READING_DECLINED',
    data: { readingId },
    goToPage: { link, title: approved ? 'See your readings' : 'Send a new reading' },
  });
}
