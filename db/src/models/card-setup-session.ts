import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { PaymentMethod } from './payment-method';
import { TenantContract } from './tenant-contract';

/** A provider's hosted "save a card" session, opened for one tenant contract; completed once. */
export class CardSetupSession extends BaseModel {
  static override tableName = 'card_setup_sessions';

  declare id: number;
  declare groupId: number;
  declare tenantContractId: number;
  declare provider: string;
  declare sessionRef: string;
  declare status: 'OPEN' | 'COMPLETED' | 'EXPIRED';
  declare expiresAt: Date;
  declare paymentMethodId: number | null;
  /** When the tenant's add-card call confirmed it (the webhook may have attached the card before). */
  declare acknowledgedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare tenantContract?: TenantContract | null;
  declare paymentMethod?: PaymentMethod | null;

  static override get relationMappings(): RelationMappings {
    return {
      tenantContract: { relation: Model.BelongsToOneRelation, modelClass: TenantContract, join: { from: 'card_setup_sessions.tenant_contract_id', to: 'tenant_contracts.id' } },
      paymentMethod: { relation: Model.BelongsToOneRelation, modelClass: PaymentMethod, join: { from: 'card_setup_sessions.payment_method_id', to: 'payment_methods.id' } },
    };
  }
}
