import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { BacsSubmission } from './bacs-submission';
import { Payment } from './payment';
import { PaymentSchedule } from './payment-schedule';

/** One schedule occurrence collected (card charge or Direct Debit), with its one payment row. */
export class Collection extends BaseModel {
  static override tableName = 'collections';

  declare id: number;
  declare groupId: number;
  declare tenantContractId: number;
  declare scheduleId: number;
  declare occurrenceDate: string;
  declare collectionDate: string;
  declare amountPence: number;
  declare channel: 'DIRECT_DEBIT' | 'CARD';
  declare status: 'PENDING' | 'SUBMITTED' | 'SETTLED' | 'FAILED';
  declare transactionCode: string | null;
  declare paymentId: number;
  declare mandateId: number | null;
  declare submissionId: number | null;
  declare failureCode: string | null;
  declare failureReason: string | null;
  declare payment?: Payment;
  declare schedule?: PaymentSchedule;
  declare submission?: BacsSubmission | null;

  static override get relationMappings(): RelationMappings {
    return {
      payment: { relation: Model.BelongsToOneRelation, modelClass: Payment, join: { from: 'collections.payment_id', to: 'payments.id' } },
      schedule: { relation: Model.BelongsToOneRelation, modelClass: PaymentSchedule, join: { from: 'collections.schedule_id', to: 'payment_schedules.id' } },
      submission: { relation: Model.BelongsToOneRelation, modelClass: BacsSubmission, join: { from: 'collections.submission_id', to: 'bacs_submissions.id' } },
    };
  }
}
