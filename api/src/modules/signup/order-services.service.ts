import type { PgBoss } from 'pg-boss';
import { Service, type Knex } from '@app/db';
import { recordChanges } from '../../audit/record-change';
import { enqueue } from '../../jobs/enqueue';

/*
 * Supplier orders of a sign-up (`signup.order-services`). Sign-up leaves each chosen service ORDERED_BY_THE_TENANT;
 * this job, run by the workers after the sign-up committed, places the orders: each such service becomes
 * ACTIONED_BY_PROVIDER (the order is with the supplier), broadband with its order placed and water with its
 * account opened with the water company. There is no supplier API in the product yet, so placing the order
 * is this status change that staff then follow up; the point of the queue is that sign-up never waits on it.
 * Safe to run twice: only services still ORDERED_BY_THE_TENANT move, under a row lock, once.
 */

export const ORDER_SERVICES_QUEUE = 'signup.order-services' as const;

/** Enqueues the orders in the sign-up's own transaction: a sign-up that rolls back orders nothing. */
export async function enqueueServiceOrders(trx: Knex.Transaction, boss: PgBoss, houseContractId: number): Promise<void> {
  await enqueue(boss, trx, ORDER_SERVICES_QUEUE, { houseContractId }, { singletonKey: `order-services:${houseContractId}` });
}

export async function orderSignupServices(db: Knex, houseContractId: number): Promise<{ ordered: number }> {
  return db.transaction(async (trx) => {
    const services = await Service.query(trx).where({ house_contract_id: houseContractId, utility_status: 'ORDERED_BY_THE_TENANT' }).forUpdate().orderBy('id');
    const changes = [];
    for (const service of services) {
      const after = await service.$query(trx).patchAndFetch({
        utilityStatus: 'ACTIONED_BY_PROVIDER',
        ...(service.utilityType === 'broadband' ? { broadbandChange: 'ORDER_PLACED' } : {}),
        ...(service.utilityType === 'water' ? { waterCompanyStatus: 'OPENED' } : {}),
        updatedAt: new Date(),
      } as Partial<Service>);
      changes.push({ action: 'UPDATE' as const, entity: 'services', entityId: service.id, actorUserId: null, before: { utilityStatus: service.utilityStatus }, after: { utilityStatus: after.utilityStatus, broadbandChange: after.broadbandChange, waterCompanyStatus: after.waterCompanyStatus } });
    }
    await recordChanges(trx, changes);
    return { ordered: services.length };
  });
}
