import { MeterReading, type Knex } from '@app/db';
import { recordChanges } from '../../audit/record-change';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { batchSize, BULK_APPROVAL_STATUSES, readingTransitionAllowed, readingTransitionMessage } from '../../rules';
import { notifyReadingDecision } from './reading-decision-notification';

export interface ApprovalCaller {
  userId: number | null;
  groupId: number | null;
}

export interface ApprovalResult {
  /** Readings now in the asked status. */
  changed: number[];
  /** Readings already in it (nothing written, nobody told again). */
  unchanged: number[];
  /** Readings whose status may not move there, with the workflow's reason. */
  refused: Array<{ id: number; message: string }>;
}

function checkInput(caller: ApprovalCaller, ids: unknown, status: string): number[] {
  const errors: FieldError[] = [];
  if (caller.groupId === null) errors.push({ field: 'X-Group-ID', rule: 'required', message: 'Meter readings belong to a group: send the X-Group-ID header' });
  const list = Array.isArray(ids) ? ids : [];
  if (!list.length) errors.push({ field: 'ids', rule: 'required', message: 'Select at least one reading' });
  const tooMany = batchSize(list);
  if (tooMany) errors.push({ field: 'ids', rule: 'batchLimit', message: tooMany });
  const bad = list.filter((id) => !/^\d{1,15}$/.test(String(id)));
  if (bad.length) errors.push({ field: 'ids', rule: 'integer', message: `Not reading ids: ${bad.slice(0, 10).join(', ')}` });
  if (!(BULK_APPROVAL_STATUSES as readonly string[]).includes(status)) errors.push({ field: 'status', rule: 'oneOf', message: `Status must be one of ${BULK_APPROVAL_STATUSES.join(', ')}` });
  if (errors.length) throw DomainError.invalid(errors);
  return [...new Set(list.map(Number))];
}

/**
 * Approves many readings of the caller's group at once (the readings list's bulk action): each move is
 * checked by the reading workflow, written in one transaction, audited, and the tenant or agent who sent
 * each reading is told, exactly as a single approval would. An id outside the group refuses the whole batch
 * without saying whether it exists elsewhere.
 */
export async function approveMeterReadings(db: Knex, caller: ApprovalCaller, ids: unknown, status = 'APPROVED'): Promise<ApprovalResult> {
  const wanted = checkInput(caller, ids, status);
  return db.transaction(async (trx) => {
    const readings = await MeterReading.query(trx).where({ group_id: caller.groupId }).whereIn('id', wanted).forUpdate().orderBy('id');
    const found = new Set(readings.map((reading) => reading.id));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length) throw DomainError.invalid([{ field: 'ids', rule: 'exists', message: `Meter readings: no record ${missing.slice(0, 10).join(', ')}` }]);

    const result: ApprovalResult = { changed: [], unchanged: [], refused: [] };
    const moving = readings.filter((reading) => {
      if (reading.status === status) return result.unchanged.push(reading.id) && false;
      if (!readingTransitionAllowed(reading.status, status)) return result.refused.push({ id: reading.id, message: readingTransitionMessage(reading.status, status) }) && false;
      return true;
    });
    if (!moving.length) return result;

    const updated = await MeterReading.query(trx)
      .whereIn('id', moving.map((reading) => reading.id))
      .patch({ status, updatedAt: trx.fn.now() as unknown as Date })
      .returning('*')
      .orderBy('id');
    const before = new Map(moving.map((reading) => [reading.id, reading]));
    await recordChanges(
      trx,
      (updated as unknown as MeterReading[]).map((after) => ({ action: 'UPDATE' as const, entity: 'meter_readings', entityId: after.id, actorUserId: caller.userId, before: before.get(after.id)!.toJSON(), after: after.toJSON() })),
    );
    for (const reading of moving) await notifyReadingDecision(trx, reading.id, reading.status, status);
    result.changed = moving.map((reading) => reading.id);
    return result;
  });
}
