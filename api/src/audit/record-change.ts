import type { Knex } from '@app/db';
import type { AuditAction } from '../rules';

export interface AuditChange {
  action: AuditAction;
  entity: string;
  entityId: number | string;
  actorUserId: number | null;
  before?: object | null;
  after?: object | null;
}

/** Writes one audit entry: who changed which record, how, and the record before and after (UTC time). */
export async function recordChange(trx: Knex, change: AuditChange): Promise<void> {
  await recordChanges(trx, [change]);
}

/** Writes many audit entries in one INSERT (a bill-run batch audits every statement it issues). */
export async function recordChanges(trx: Knex, changes: readonly AuditChange[]): Promise<void> {
  if (changes.length === 0) return;
  await trx('audit_log').insert(
    changes.map((change) => ({
      action: change.action,
      entity: change.entity,
      entity_id: String(change.entityId),
      actor_user_id: change.actorUserId,
      before: change.before ? JSON.stringify(change.before) : null,
      after: change.after ? JSON.stringify(change.after) : null,
    })),
  );
}
