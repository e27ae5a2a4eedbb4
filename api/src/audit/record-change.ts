import type { Knex } from '@app/db';
import type { AuditAction } from '../rules';

/** Writes one audit entry: who changed which record, how, and the record before and after (UTC time). */
export async function recordChange(
  trx: Knex,
  change: { action: AuditAction; entity: string; entityId: number | string; actorUserId: number | null; before?: object | null; after?: object | null },
): Promise<void> {
  await trx('audit_log').insert({
    action: change.action,
    entity: change.entity,
    entity_id: String(change.entityId),
    actor_user_id: change.actorUserId,
    before: change.before ? JSON.stringify(change.before) : null,
    after: change.after ? JSON.stringify(change.after) : null,
  });
}
