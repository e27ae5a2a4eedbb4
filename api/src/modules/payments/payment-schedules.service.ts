import { PaymentSchedule, type Knex } from '@app/db';
import { recordChanges } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { MISC_MESSAGES, SCHEDULE_DELETION_LIMIT } from '../../rules';

/**
 * Deleting payment schedules in bulk (specification §5: at most 100 at once, enforced here, not only in the
 * form). Every id must be a schedule of the caller's group, or nothing is deleted; each deletion is audited
 * with the schedule as it was.
 */
export async function deletePaymentSchedules(db: Knex, groupId: number | null, actorUserId: number | null, ids: readonly unknown[]): Promise<number> {
  if (ids.length > SCHEDULE_DELETION_LIMIT) throw DomainError.invalid([{ field: 'ids', rule: 'scheduleDeletion', message: MISC_MESSAGES.scheduleDeletion }]);
  const wanted = [...new Set(ids.map(Number))];
  if (wanted.some((id) => !Number.isInteger(id) || id <= 0)) throw DomainError.invalid([{ field: 'ids', rule: 'ids', message: 'Give the ids of the schedules to delete.' }]);
  return db.transaction(async (trx) => {
    const schedules = await PaymentSchedule.query(trx).whereIn('id', wanted).where('group_id', groupId ?? 0).forUpdate();
    if (schedules.length !== wanted.length) throw new DomainError('NOT_FOUND', 'Some of these schedules were not found.');
    await PaymentSchedule.query(trx).delete().whereIn('id', wanted);
    await recordChanges(trx, schedules.map((schedule) => ({ action: 'DELETE' as const, entity: 'payment_schedules', entityId: schedule.id, actorUserId, before: schedule.toJSON() })));
    return schedules.length;
  });
}
