import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { DirectDebitMandate } from './direct-debit-mandate';
import { Payment } from './payment';

export class DirectDebitTransaction extends BaseModel {
  static override tableName = 'direct_debit_transactions';

  declare id: number;
  declare groupId: number;
  declare mandateId: number;
  declare tenantContractId: number;
  declare paymentId: number | null;
  declare amountPence: number;
  declare collectionDate: string;
  declare status: string;
  declare failureReason: string | null;
  declare mandate?: DirectDebitMandate | null;
  declare payment?: Payment | null;

  static override get relationMappings(): RelationMappings {
    return {
      mandate: { relation: Model.BelongsToOneRelation, modelClass: DirectDebitMandate, join: { from: 'direct_debit_transactions.mandate_id', to: 'direct_debit_mandates.id' } },
      payment: { relation: Model.BelongsToOneRelation, modelClass: Payment, join: { from: 'direct_debit_transactions.payment_id', to: 'payments.id' } },
    };
  }
}
