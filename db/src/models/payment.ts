import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { LedgerEntry } from './ledger-entry';
import { Refund } from './refund';
import { TenantContract } from './tenant-contract';

export class Payment extends BaseModel {
  static override tableName = 'payments';

  declare id: number;
  declare groupId: number;
  declare tenantContractId: number;
  declare amountPence: number;
  declare paymentDate: string;
  declare paidAt: Date | null;
  declare method: string;
  declare status: string;
  declare reference: string | null;
  declare cardProvider: string | null;
  /** PENDING → SUBMITTED → SETTLED | FAILED for collected payments (card, Bacs); null for staff-entered ones. */
  declare collectionStatus: 'PENDING' | 'SUBMITTED' | 'SETTLED' | 'FAILED' | null;
  declare idempotencyKey: string | null;
  declare providerReference: string | null;
  declare failureReason: string | null;
  declare paymentMethodId: number | null;
  declare settledAt: Date | null;
  /** Set by the failed-payment job once it has texted the tenant and opened or advanced credit control. */
  declare failureProcessedAt: Date | null;
  declare failureProcessingError: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare tenantContract?: TenantContract | null;
  declare ledgerEntries?: LedgerEntry[];
  declare refunds?: Refund[];

  static override get relationMappings(): RelationMappings {
    return {
      tenantContract: { relation: Model.BelongsToOneRelation, modelClass: TenantContract, join: { from: 'payments.tenant_contract_id', to: 'tenant_contracts.id' } },
      ledgerEntries: { relation: Model.HasManyRelation, modelClass: LedgerEntry, join: { from: 'payments.id', to: 'ledger_entries.payment_id' } },
      refunds: { relation: Model.HasManyRelation, modelClass: Refund, join: { from: 'payments.id', to: 'refunds.payment_id' } },
    };
  }
}
