import { BaseModel } from './base-model';

/** An agency that asked to become a partner (the /agents/signup form, or sales staff); stage NEW until contacted. */
export class AgencyLead extends BaseModel {
  static override tableName = 'agency_leads';

  declare id: number;
  declare agencyName: string;
  declare contactName: string | null;
  declare email: string | null;
  declare phone: string | null;
  declare cityName: string | null;
  declare stage: string;
  declare saleStatus: string;
  declare createdAt: Date;
  declare updatedAt: Date;
}
