import { fromKnex, type PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';

/** What every console action needs: the database, pg-boss, and who is acting (for the audit log). */
export interface JobActionContext {
  db: Knex;
  boss: PgBoss;
  actorUserId: number;
}

/**
 * Runs an action and its audit rows in one transaction: pg-boss's commands go through the same knex
 * transaction (fromKnex), so a failed audit write undoes the action and vice versa.
 */
export async function inJobTransaction<T>(
  { db, actorUserId }: JobActionContext,
  work: (trx: Knex.Transaction, bossDb: ReturnType<typeof fromKnex>, audit: (entityId: string, before: object, after: object) => Promise<void>) => Promise<T>,
): Promise<T> {
  return db.transaction((trx) =>
    work(trx, fromKnex(trx), (entityId, before, after) => recordChange(trx, { action: 'UPDATE', entity: 'jobs', entityId, actorUserId, before, after })),
  );
}

/** pg-boss's command answer carries `affected` at run time although its type declares no field. */
export const affectedBy = (response: object): number => Number((response as { affected?: number }).affected ?? 0);
