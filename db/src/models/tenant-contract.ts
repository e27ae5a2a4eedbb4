import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { Bill } from './bill';
import { CreditControlRecord } from './credit-control-record';
import { DirectDebitMandate } from './direct-debit-mandate';
import { HouseContract } from './house-contract';
import { LedgerEntry } from './ledger-entry';
import { Payment } from './payment';
import { PaymentMethod } from './payment-method';
import { PaymentSchedule } from './payment-schedule';
import { Refund } from './refund';
import { User } from './user';

export class TenantContract extends BaseModel {
  static override tableName = 'tenant_contracts';

  declare id: number;
  declare groupId: number;
  declare userId: number;
  declare houseContractId: number | null;
  declare status: string;
  declare paymentMethod: string;
  declare startDate: string;
  declare endDate: string;
  declare eoyAction: string | null;
  declare paymentDay: number;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare tenant?: User | null;
  declare houseContract?: HouseContract | null;
  declare payments?: Payment[];
  declare paymentMethods?: PaymentMethod[];
  declare mandates?: DirectDebitMandate[];
  declare schedules?: PaymentSchedule[];
  declare refunds?: Refund[];
  declare ledgerEntries?: LedgerEntry[];
  declare bills?: Bill[];
  declare creditControlRecords?: CreditControlRecord[];

  static override get relationMappings(): RelationMappings {
    return {
      tenant: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'tenant_contracts.user_id', to: 'users.id' } },
      houseContract: { relation: Model.BelongsToOneRelation, modelClass: HouseContract, join: { from: 'tenant_contracts.house_contract_id', to: 'house_contracts.id' } },
      payments: { relation: Model.HasManyRelation, modelClass: Payment, join: { from: 'tenant_contracts.id', to: 'payments.tenant_contract_id' } },
      paymentMethods: { relation: Model.HasManyRelation, modelClass: PaymentMethod, join: { from: 'tenant_contracts.id', to: 'payment_methods.tenant_contract_id' } },
      mandates: { relation: Model.HasManyRelation, modelClass: DirectDebitMandate, join: { from: 'tenant_contracts.id', to: 'direct_debit_mandates.tenant_contract_id' } },
      schedules: { relation: Model.HasManyRelation, modelClass: PaymentSchedule, join: { from: 'tenant_contracts.id', to: 'payment_schedules.tenant_contract_id' } },
      refunds: { relation: Model.HasManyRelation, modelClass: Refund, join: { from: 'tenant_contracts.id', to: 'refunds.tenant_contract_id' } },
      ledgerEntries: { relation: Model.HasManyRelation, modelClass: LedgerEntry, join: { from: 'tenant_contracts.id', to: 'ledger_entries.tenant_contract_id' } },
      bills: { relation: Model.HasManyRelation, modelClass: Bill, join: { from: 'tenant_contracts.id', to: 'bills.tenant_contract_id' } },
      creditControlRecords: { relation: Model.HasManyRelation, modelClass: CreditControlRecord, join: { from: 'tenant_contracts.id', to: 'credit_control_records.tenant_contract_id' } },
    };
  }
}
