import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { Agency } from './agency';
import { HouseContract } from './house-contract';
import { HouseVisit } from './house-visit';
import { Meter } from './meter';

export class House extends BaseModel {
  static override tableName = 'houses';

  declare id: number;
  declare groupId: number;
  declare agencyId: number | null;
  declare streetName: string;
  declare address2: string | null;
  declare cityName: string;
  declare county: string | null;
  declare postCode: string;
  declare region: string | null;
  declare bedrooms: number;
  declare status: string;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare agency?: Agency | null;
  declare houseContracts?: HouseContract[];
  declare meters?: Meter[];
  declare visits?: HouseVisit[];

  static override get relationMappings(): RelationMappings {
    return {
      agency: { relation: Model.BelongsToOneRelation, modelClass: Agency, join: { from: 'houses.agency_id', to: 'agencies.id' } },
      houseContracts: { relation: Model.HasManyRelation, modelClass: HouseContract, join: { from: 'houses.id', to: 'house_contracts.house_id' } },
      meters: { relation: Model.HasManyRelation, modelClass: Meter, join: { from: 'houses.id', to: 'meters.house_id' } },
      visits: { relation: Model.HasManyRelation, modelClass: HouseVisit, join: { from: 'houses.id', to: 'house_visits.house_id' } },
    };
  }
}
