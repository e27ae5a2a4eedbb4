import { BaseModel } from './base-model';

/** A priced quote kept: staff's for a house contract, or one a visitor had e-mailed to them (one row per plan). */
export class WeeklyQuote extends BaseModel {
  static override tableName = 'weekly_quotes';

  declare id: number;
  declare groupId: number;
  declare houseContractId: number | null;
  declare postcode: string;
  declare planType: string | null;
  declare weeklyPerTenantPence: number;
  declare monthlyPerTenantPence: number;
  declare email: string | null;
  declare quoteKey: string | null;
  declare createdAt: Date;
}
