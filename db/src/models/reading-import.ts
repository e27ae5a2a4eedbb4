import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { Upload } from './upload';

/** A readings file staff imported: its progress, counts and rejected rows (reading_imports). */
export class ReadingImport extends BaseModel {
  static override tableName = 'reading_imports';

  declare id: number;
  declare groupId: number;
  declare sha256: string;
  declare fileUploadId: number;
  declare rejectedUploadId: number | null;
  declare status: 'PENDING' | 'IN_PROGRESS' | 'DONE' | 'FAILED';
  declare totalRows: number;
  declare processedRows: number;
  declare importedRows: number;
  declare rejectedRows: number;
  declare error: string | null;
  declare createdByUserId: number | null;
  declare finishedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare file?: Upload | null;
  declare rejectedFile?: Upload | null;

  static override get relationMappings(): RelationMappings {
    return {
      file: { relation: Model.BelongsToOneRelation, modelClass: Upload, join: { from: 'reading_imports.file_upload_id', to: 'uploads.id' } },
      rejectedFile: { relation: Model.BelongsToOneRelation, modelClass: Upload, join: { from: 'reading_imports.rejected_upload_id', to: 'uploads.id' } },
    };
  }
}
