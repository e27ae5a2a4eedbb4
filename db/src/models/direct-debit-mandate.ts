import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { DirectDebitTransaction } from './direct-debit-transaction';
import { TenantContract } from './tenant-contract';

export class DirectDebitMandate extends BaseModel {
  static override tableName = 'direct_debit_mandates';

  declare id: number;
  declare groupId: number;
  declare tenantContractId: number;
  declare reference: string;
  declare paper: boolean;
  declare accountName: string;
  declare sortCode: string;
  declare accountNumberEnding: string;
  /** The full account number, needed in Bacs files (null for mandates made before it was kept). */
  declare accountNumber: string | null;
  /** The day the AUDDIS lodgement (0N) was submitted. */
  declare lodgedOn: string | null;
  declare status: string;
  declare directDebitStatus: string;
  declare serviceUserNumber: string | null;
  declare tenantContract?: TenantContract | null;
  declare transactions?: DirectDebitTransaction[];

  static override get relationMappings(): RelationMappings {
    return {
      tenantContract: { relation: Model.BelongsToOneRelation, modelClass: TenantContract, join: { from: 'direct_debit_mandates.tenant_contract_id', to: 'tenant_contracts.id' } },
      transactions: { relation: Model.HasManyRelation, modelClass: DirectDebitTransaction, join: { from: 'direct_debit_mandates.id', to: 'direct_debit_transactions.mandate_id' } },
    };
  }
}
