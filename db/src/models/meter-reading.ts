import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { House } from './house';
import { Meter } from './meter';
import { Upload } from './upload';

export class MeterReading extends BaseModel {
  static override tableName = 'meter_readings';

  declare id: number;
  declare groupId: number;
  declare meterId: number;
  declare houseId: number;
  declare readingDate: string;
  declare register: string;
  declare value: string;
  declare source: string;
  declare type: string;
  declare status: string;
  declare imageUploadId: number | null;
  declare submittedByUserId: number | null;
  declare readingImportId?: number | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare meter?: Meter | null;
  declare house?: House | null;
  declare image?: Upload | null;

  static override get relationMappings(): RelationMappings {
    return {
      meter: { relation: Model.BelongsToOneRelation, modelClass: Meter, join: { from: 'meter_readings.meter_id', to: 'meters.id' } },
      house: { relation: Model.BelongsToOneRelation, modelClass: House, join: { from: 'meter_readings.house_id', to: 'houses.id' } },
      image: { relation: Model.BelongsToOneRelation, modelClass: Upload, join: { from: 'meter_readings.image_upload_id', to: 'uploads.id' } },
    };
  }
}
