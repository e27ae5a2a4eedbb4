import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { User } from './user';

/** The only server action (specification §3): a button that opens a page of the app. */
export interface NotificationAction {
  key: string;
  type: 'goToPage';
  title: string;
  action: { link: string; title: string };
}

export class Notification extends BaseModel {
  static override tableName = 'notifications';
  static override jsonAttributes = ['data', 'actions'];

  declare id: number;
  declare userId: number;
  declare title: string;
  declare message: string;
  declare type: string | null;
  declare notificationType: string;
  declare data: Record<string, unknown>;
  declare read: boolean;
  declare readAt: Date | null;
  declare actions: NotificationAction[];
  declare createdAt: Date;
  declare user?: User | null;

  static override get relationMappings(): RelationMappings {
    return {
      user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'notifications.user_id', to: 'users.id' } },
    };
  }
}
