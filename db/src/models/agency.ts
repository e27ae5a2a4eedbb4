import { Model, type RelationMappings } from 'objection';
import { AgencyReferralLink } from './agency-referral-link';
import { BaseModel } from './base-model';
import { House } from './house';
import { HouseContract } from './house-contract';
import { User } from './user';

export class Agency extends BaseModel {
  static override tableName = 'agencies';

  declare id: number;
  declare groupId: number;
  declare name: string;
  declare isActive: boolean;
  declare parentId: number | null;
  declare email: string | null;
  declare phone: string | null;
  declare rootAccount: boolean;
  declare portalPermissions: string;
  declare streetName: string | null;
  declare cityName: string | null;
  declare postCode: string | null;
  declare agents?: User[];
  declare parent?: Agency | null;
  declare children?: Agency[];
  declare houses?: House[];
  declare houseContracts?: HouseContract[];
  declare referralLink?: AgencyReferralLink | null;

  static override get relationMappings(): RelationMappings {
    return {
      agents: { relation: Model.ManyToManyRelation, modelClass: User, join: { from: 'agencies.id', through: { from: 'agent_agencies.agency_id', to: 'agent_agencies.user_id' }, to: 'users.id' } },
      parent: { relation: Model.BelongsToOneRelation, modelClass: Agency, join: { from: 'agencies.parent_id', to: 'agencies.id' } },
      children: { relation: Model.HasManyRelation, modelClass: Agency, join: { from: 'agencies.id', to: 'agencies.parent_id' } },
      houses: { relation: Model.HasManyRelation, modelClass: House, join: { from: 'agencies.id', to: 'houses.agency_id' } },
      houseContracts: { relation: Model.HasManyRelation, modelClass: HouseContract, join: { from: 'agencies.id', to: 'house_contracts.agency_id' } },
      referralLink: { relation: Model.HasOneRelation, modelClass: AgencyReferralLink, join: { from: 'agencies.id', to: 'agency_referral_links.agency_id' } },
    };
  }
}
