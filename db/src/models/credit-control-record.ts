import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { TenantContract } from './tenant-contract';
import { CreditControlMessage } from './credit-control-message';
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
  /** The REGULAR_PAYMENT schedule agreed to repay the debt (DEBT_SCHEDULE_AGREED). */
  declare repaymentScheduleId: number | null;
  declare createdAt: Date;
  declare messages?: CreditControlMessage[];
  declare tenantContract?: TenantContract | null;
  declare assignedUser?: User | null;

  static override get relationMappings(): RelationMappings {
    return {
      tenantContract: { relation: Model.BelongsToOneRelation, modelClass: TenantContract, join: { from: 'credit_control_records.tenant_contract_id', to: 'tenant_contracts.id' } },
      messages: { relation: Model.HasManyRelation, modelClass: CreditControlMessage, join: { from: 'credit_control_records.id', to: 'credit_control_messages.case_id' } },
      assignedUser: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'credit_control_records.assigned_user_id', to: 'users.id' } },
    };
  }
}
