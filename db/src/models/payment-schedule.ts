import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { TenantContract } from './tenant-contract';

export class PaymentSchedule extends BaseModel {
  static override tableName = 'payment_schedules';

  declare id: number;
  declare groupId: number;
  declare tenantContractId: number;
  declare kind: string;
  declare scheduleType: string;
  declare endType: string | null;
  declare times: number | null;
  declare startDate: string;
  declare endDate: string | null;
  declare cron: string | null;
  declare amountPence: number;
  declare paymentDay: number | null;
  declare status: string;
  declare tenantContract?: TenantContract | null;

  static override get relationMappings(): RelationMappings {
    return {
      tenantContract: { relation: Model.BelongsToOneRelation, modelClass: TenantContract, join: { from: 'payment_schedules.tenant_contract_id', to: 'tenant_contracts.id' } },
    };
  }
}
