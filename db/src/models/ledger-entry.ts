import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { Bill } from './bill';
import { Payment } from './payment';
import { TenantContract } from './tenant-contract';

export class LedgerEntry extends BaseModel {
  static override tableName = 'ledger_entries';

  declare id: number;
  declare groupId: number;
  declare tenantContractId: number;
  declare entryDate: string;
  declare kind: string;
  declare amountPence: number;
  declare description: string;
  declare billId: number | null;
  declare paymentId: number | null;
  declare refundId: number | null;
  declare additionalTransactionId: number | null;
  declare governmentRebateId: number | null;
  declare createdAt: Date;
  declare tenantContract?: TenantContract | null;
  declare bill?: Bill | null;
  declare payment?: Payment | null;

  static override get relationMappings(): RelationMappings {
    return {
      tenantContract: { relation: Model.BelongsToOneRelation, modelClass: TenantContract, join: { from: 'ledger_entries.tenant_contract_id', to: 'tenant_contracts.id' } },
      bill: { relation: Model.BelongsToOneRelation, modelClass: Bill, join: { from: 'ledger_entries.bill_id', to: 'bills.id' } },
      payment: { relation: Model.BelongsToOneRelation, modelClass: Payment, join: { from: 'ledger_entries.payment_id', to: 'payments.id' } },
    };
  }
}
