import { TenantContract, type Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { addDays, contractPeriod, EOY_ACTIONS } from '../../rules';
import { ownContract, tenantDates } from './own-contracts';
import { userContractView } from './user-contracts.service';

/**
 * End of contract: the tenant says whether they will leave, stay or move (§4 "End-of-year choice"). It is
 * saved on their tenant contract (eoy_action, which staff see on the contract) and audited; the choice can be
 * made or changed until 90 days after the contract ends.
 */
export async function setEndOfContractChoice(db: Knex, userId: number, input: { contractId?: number | null; choice: unknown }) {
  if (!(EOY_ACTIONS as readonly unknown[]).includes(input.choice)) {
    throw DomainError.invalid([{ field: 'choice', rule: 'oneOf', message: 'Choose leave, stay or move' }]);
  }
  const { contract, today } = await ownContract(db, userId, input.contractId, 'END_OF_YEAR');
  if (contractPeriod(tenantDates(contract), today, 'END_OF_YEAR') !== 'CURRENT') {
    throw DomainError.invalid([{ field: 'choice', rule: 'deadline', message: `The choice closed on ${addDays(contract.endDate, 90).split('-').reverse().join('/')}` }]);
  }
  const before = contract.eoyAction;
  await db.transaction(async (trx) => {
    await TenantContract.query(trx).patch({ eoyAction: input.choice as string }).where({ id: contract.id, user_id: userId });
    await recordChange(trx, { action: 'UPDATE', entity: 'tenant_contracts', entityId: contract.id, actorUserId: userId, before: { eoyAction: before }, after: { eoyAction: input.choice } });
  });
  contract.eoyAction = input.choice as string;
  return userContractView(contract, today);
}
