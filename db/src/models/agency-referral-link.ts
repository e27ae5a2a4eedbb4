import { BaseModel } from './base-model';

/** A referral link: a visitor arriving on /<slug> or with ?ref=<slug> sees "in partnership with" the agency. */
export class AgencyReferralLink extends BaseModel {
  static override tableName = 'agency_referral_links';

  declare id: number;
  declare slug: string;
  declare companyName: string;
  declare active: boolean;
  declare agencyId: number | null;
  declare createdAt: Date;
}
