import { BaseModel } from './base-model';

/** One step a credit-control case took: a message queued, or why none went (the case's timeline). */
export class CreditControlMessage extends BaseModel {
  static override tableName = 'credit_control_messages';

  declare id: number;
  declare groupId: number;
  declare caseId: number;
  declare tenantContractId: number;
  declare step: string;
  declare channel: 'EMAIL' | 'SMS' | 'CALL';
  declare outcome: string;
  /** Unique: contract, step and debt episode (the case), or the failed payment. */
  declare dedupeKey: string;
  declare outboxMessageId: number | null;
  declare paymentId: number | null;
  declare daysOverdue: number | null;
  declare debtPence: number | null;
  declare createdAt: Date;
}
