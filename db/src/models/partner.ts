import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { User } from './user';

export class Partner extends BaseModel {
  static override tableName = 'partners';

  declare id: number;
  declare name: string;
  declare users?: User[];

  static override get relationMappings(): RelationMappings {
    return {
      users: { relation: Model.HasManyRelation, modelClass: User, join: { from: 'partners.id', to: 'users.partner_id' } },
    };
  }
}
