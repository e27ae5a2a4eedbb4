import { Service, type Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { BROADBAND_SPEEDS } from '../../rules';
import { ownContract } from './own-contracts';

/**
 * My Broadband: the house's broadband service (speed, order and installation status) and an upgrade request.
 * The new speed must be greater than the current one (the current speed may not go down); staff see the
 * request as the service's change status UPGRADE_REQUESTED with the requested speed.
 */
export async function tenantBroadband(db: Knex, userId: number, contractId?: number | null) {
  const { contract } = await ownContract(db, userId, contractId);
  const broadband = (contract.houseContract!.services ?? []).find((service) => service.utilityType === 'broadband') ?? null;
  return { contractId: contract.id, service: broadband, speeds: [...BROADBAND_SPEEDS] };
}

export async function requestBroadbandUpgrade(db: Knex, userId: number, input: { contractId?: number | null; speed: unknown }) {
  const { contract } = await ownContract(db, userId, input.contractId);
  const broadband = (contract.houseContract!.services ?? []).find((service) => service.utilityType === 'broadband');
  if (!broadband || broadband.utilityStatus === 'CANCELLED' || broadband.utilityStatus === 'NOT_ORDERED') {
    throw DomainError.invalid([{ field: 'speed', rule: 'service', message: 'Your house has no broadband with us to upgrade' }]);
  }
  const speed = String(input.speed ?? '');
  if (!(BROADBAND_SPEEDS as readonly string[]).includes(speed)) {
    throw DomainError.invalid([{ field: 'speed', rule: 'oneOf', message: `Choose one of ${BROADBAND_SPEEDS.join(', ')} Mbps` }]);
  }
  if (Number(speed) <= Number(broadband.broadbandSpeed ?? 0)) {
    throw DomainError.invalid([{ field: 'speed', rule: 'greater', message: 'The new speed must be greater than your current speed' }]);
  }
  return db.transaction(async (trx) => {
    const updated = await Service.query(trx).patchAndFetchById(broadband.id, { changeStatus: 'UPGRADE_REQUESTED', requestedBroadbandSpeed: speed, upgradeRequestedAt: new Date() });
    await recordChange(trx, { action: 'UPDATE', entity: 'services', entityId: broadband.id, actorUserId: userId, before: { changeStatus: broadband.changeStatus, requestedBroadbandSpeed: broadband.requestedBroadbandSpeed }, after: { changeStatus: 'UPGRADE_REQUESTED', requestedBroadbandSpeed: speed } });
    return updated;
  });
}
