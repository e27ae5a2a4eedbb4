import { BaseModel } from './base-model';

/** The advance notice e-mailed for a schedule's amount (once per schedule and amount). */
export class AdvanceNotice extends BaseModel {
  static override tableName = 'advance_notices';

  declare id: number;
  declare groupId: number;
  declare scheduleId: number;
  declare amountPence: number;
  declare firstCollectionDate: string;
  declare outboxMessageId: number | null;
}
