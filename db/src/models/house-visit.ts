import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { House } from './house';
import { Partner } from './partner';
import { Upload } from './upload';

export class HouseVisit extends BaseModel {
  static override tableName = 'house_visits';

  declare id: number;
  declare groupId: number;
  declare houseId: number;
  declare jobType: string;
  declare status: string;
  declare scheduledDate: string;
  declare completedDate: string | null;
  declare completionResult: string | null;
  declare partnerId: number | null;
  declare notes: string | null;
  declare house?: House | null;
  declare partner?: Partner | null;
  declare attachments?: Upload[];

  static override get relationMappings(): RelationMappings {
    return {
      house: { relation: Model.BelongsToOneRelation, modelClass: House, join: { from: 'house_visits.house_id', to: 'houses.id' } },
      partner: { relation: Model.BelongsToOneRelation, modelClass: Partner, join: { from: 'house_visits.partner_id', to: 'partners.id' } },
      attachments: { relation: Model.HasManyRelation, modelClass: Upload, join: { from: 'house_visits.id', to: 'uploads.house_visit_id' } },
    };
  }
}
