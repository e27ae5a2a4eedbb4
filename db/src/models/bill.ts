import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { HouseContract } from './house-contract';
import { TenantContract } from './tenant-contract';

export class Bill extends BaseModel {
  static override tableName = 'bills';

  declare id: number;
  declare groupId: number;
  declare kind: string;
  declare state: string;
  declare status: string;
  declare houseContractId: number | null;
  declare tenantContractId: number | null;
  declare parentBillId: number | null;
  declare periodStart: string;
  declare periodEnd: string;
  declare issueDate: string;
  declare dueDate: string;
  declare netPence: number;
  declare vatPence: number;
  declare totalPence: number;
  declare voidedAt: Date | null;
  declare houseContract?: HouseContract | null;
  declare tenantContract?: TenantContract | null;
  declare parent?: Bill | null;

  static override get relationMappings(): RelationMappings {
    return {
      houseContract: { relation: Model.BelongsToOneRelation, modelClass: HouseContract, join: { from: 'bills.house_contract_id', to: 'house_contracts.id' } },
      tenantContract: { relation: Model.BelongsToOneRelation, modelClass: TenantContract, join: { from: 'bills.tenant_contract_id', to: 'tenant_contracts.id' } },
      parent: { relation: Model.BelongsToOneRelation, modelClass: Bill, join: { from: 'bills.parent_bill_id', to: 'bills.id' } },
    };
  }
}
