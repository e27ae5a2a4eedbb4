import { BaseModel } from './base-model';

/** When a step of the credit-control ladder goes and by which channels (staff edit the timings). */
export class CreditControlStep extends BaseModel {
  static override tableName = 'credit_control_steps';

  declare id: number;
  declare step: string;
  /** Days the oldest unpaid charge is overdue; null for the steps sent on an event (failed payment, stage change). */
  declare daysOverdue: number | null;
  declare email: boolean;
  declare sms: boolean;
  declare active: boolean;
  declare description: string | null;
}
