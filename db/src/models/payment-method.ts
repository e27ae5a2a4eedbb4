import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { DirectDebitMandate } from './direct-debit-mandate';
import { TenantContract } from './tenant-contract';

export class PaymentMethod extends BaseModel {
  static override tableName = 'payment_methods';

  declare id: number;
  declare groupId: number;
  declare tenantContractId: number;
  declare kind: string;
  declare mandateId: number | null;
  declare cardProvider: string | null;
  declare cardLast4: string | null;
  declare cardExpiryMonth: number | null;
  declare cardExpiryYear: number | null;
  declare isActive: boolean;
  declare providerCustomerRef: string | null;
  declare providerMethodRef: string | null;
  declare tenantContract?: TenantContract | null;
  declare mandate?: DirectDebitMandate | null;

  static override get relationMappings(): RelationMappings {
    return {
      tenantContract: { relation: Model.BelongsToOneRelation, modelClass: TenantContract, join: { from: 'payment_methods.tenant_contract_id', to: 'tenant_contracts.id' } },
      mandate: { relation: Model.BelongsToOneRelation, modelClass: DirectDebitMandate, join: { from: 'payment_methods.mandate_id', to: 'direct_debit_mandates.id' } },
    };
  }
}
