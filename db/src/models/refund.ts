import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { Payment } from './payment';
import { TenantContract } from './tenant-contract';

export class Refund extends BaseModel {
  static override tableName = 'refunds';

  declare id: number;
  declare groupId: number;
  declare tenantContractId: number;
  declare paymentId: number | null;
  declare amountPence: number;
  declare refundType: string;
  declare status: string;
  declare reason: string | null;
  declare providerReference: string | null;
  declare idempotencyKey: string | null;
  declare createdAt: Date;
  declare tenantContract?: TenantContract | null;
  declare payment?: Payment | null;

  static override get relationMappings(): RelationMappings {
    return {
      tenantContract: { relation: Model.BelongsToOneRelation, modelClass: TenantContract, join: { from: 'refunds.tenant_contract_id', to: 'tenant_contracts.id' } },
      payment: { relation: Model.BelongsToOneRelation, modelClass: Payment, join: { from: 'refunds.payment_id', to: 'payments.id' } },
    };
  }
}
