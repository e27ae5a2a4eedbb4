import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { TenantContract } from './tenant-contract';
import { User } from './user';

export class CreditControlRecord extends BaseModel {
  static override tableName = 'credit_control_records';

  declare id: number;
  declare groupId: number;
  declare tenantContractId: number;
  declare stage: string;
  declare status: string;
  declare debtRepaymentType: string;
  declare lastChasedDate: string | null;
  declare nextChasedDate: string | null;
  declare assignedUserId: number | null;
  declare notes: string | null;
  declare tenantContract?: TenantContract | null;
  declare assignedUser?: User | null;

  static override get relationMappings(): RelationMappings {
    return {
      tenantContract: { relation: Model.BelongsToOneRelation, modelClass: TenantContract, join: { from: 'credit_control_records.tenant_contract_id', to: 'tenant_contracts.id' } },
      assignedUser: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'credit_control_records.assigned_user_id', to: 'users.id' } },
    };
  }
}
