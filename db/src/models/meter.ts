import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { House } from './house';
import { MeterReading } from './meter-reading';

export class Meter extends BaseModel {
  static override tableName = 'meters';

  declare id: number;
  declare groupId: number;
  declare houseId: number;
  declare supplierContractId: number | null;
  declare utilityType: string;
  declare meterType: string;
  declare rateType: string;
  declare serialNumber: string;
  declare isActive: boolean;
  declare house?: House | null;
  declare readings?: MeterReading[];

  static override get relationMappings(): RelationMappings {
    return {
      house: { relation: Model.BelongsToOneRelation, modelClass: House, join: { from: 'meters.house_id', to: 'houses.id' } },
      readings: { relation: Model.HasManyRelation, modelClass: MeterReading, join: { from: 'meters.id', to: 'meter_readings.meter_id' } },
    };
  }
}
