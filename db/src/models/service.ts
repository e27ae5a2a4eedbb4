import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { HouseContract } from './house-contract';

export class Service extends BaseModel {
  static override tableName = 'services';

  declare id: number;
  declare groupId: number;
  declare houseContractId: number;
  declare utilityType: string;
  declare utilityStatus: string;
  declare changeStatus: string | null;
  declare broadbandChange: string | null;
  declare waterCompanyStatus: string | null;
  declare broadbandSpeed: string | null;
  declare requestedBroadbandSpeed: string | null;
  declare upgradeRequestedAt: Date | null;
  declare startDate: string | null;
  declare endDate: string | null;
  declare houseContract?: HouseContract | null;

  static override get relationMappings(): RelationMappings {
    return {
      houseContract: { relation: Model.BelongsToOneRelation, modelClass: HouseContract, join: { from: 'services.house_contract_id', to: 'house_contracts.id' } },
    };
  }
}
