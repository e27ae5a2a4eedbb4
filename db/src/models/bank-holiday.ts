import { BaseModel } from './base-model';

export class BankHoliday extends BaseModel {
  static override tableName = 'bank_holidays';

  declare id: number;
  declare date: string;
  declare description: string | null;
}
