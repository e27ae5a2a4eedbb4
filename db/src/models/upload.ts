import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { User } from './user';

export class Upload extends BaseModel {
  static override tableName = 'uploads';

  declare id: number;
  declare groupId: number;
  declare resourceType: string;
  declare fileName: string;
  declare contentType: string;
  declare sizeBytes: number;
  declare storageKey: string;
  declare status: string;
  declare uploadedByUserId: number | null;
  declare houseContractId: number | null;
  declare tenantContractId: number | null;
  declare houseVisitId: number | null;
  declare commentId: number | null;
  declare tenantId: number | null;
  declare createdAt: Date;
  declare uploadedBy?: User | null;

  static override get relationMappings(): RelationMappings {
    return {
      uploadedBy: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'uploads.uploaded_by_user_id', to: 'users.id' } },
    };
  }
}
