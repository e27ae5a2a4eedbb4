import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { User } from './user';

export class Notification extends BaseModel {
  static override tableName = 'notifications';

  declare id: number;
  declare userId: number;
  declare title: string;
  declare message: string;
  declare type: string | null;
  declare notificationType: string;
  declare data: Record<string, unknown>;
  declare read: boolean;
  declare createdAt: Date;
  declare user?: User | null;

  static override get relationMappings(): RelationMappings {
    return {
      user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'notifications.user_id', to: 'users.id' } },
    };
  }
}
