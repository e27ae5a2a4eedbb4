import { TenantContract, type Knex } from '@app/db';
import { ownContract } from './own-contracts';
import { userContractView } from './user-contracts.service';

/**
 * Me & My House: the contract, the house and its services, and the housemates — only their names and whether
 * each has signed. Liability is split: a housemate's balance, payments or contact details are never shown.
 */
export async function tenantHouse(db: Knex, userId: number, contractId?: number | null) {
  const { contract, today } = await ownContract(db, userId, contractId);
  const mates = await TenantContract.query(db).where({ house_contract_id: contract.houseContractId }).withGraphFetched('tenant').orderBy('id');
  return {
    contract: userContractView(contract, today),
    bedrooms: contract.houseContract!.house!.bedrooms,
    housemates: mates.map((mate) => ({
      firstName: mate.tenant?.firstName ?? '',
      lastName: mate.tenant?.lastName ?? '',
      // Signed: the contract is under way or agreed (a PENDING contract of an incomplete sign-up is not).
      signed: mate.status !== 'PENDING' || mate.tenant?.confirmedAt != null,
      isYou: mate.userId === userId,
    })),
  };
}
