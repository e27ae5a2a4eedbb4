import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { Agency } from './agency';
import { Bill } from './bill';
import { House } from './house';
import { Service } from './service';
import { TenantContract } from './tenant-contract';

export class HouseContract extends BaseModel {
  static override tableName = 'house_contracts';

  declare id: number;
  declare groupId: number;
  declare houseId: number;
  declare agencyId: number | null;
  declare status: string;
  declare billingStatus: string | null;
  declare planType: string | null;
  declare billingType: string;
  declare waterBillingType: string | null;
  declare term: string;
  declare signUpDate: string;
  declare endDate: string;
  declare numberOfTenants: number;
  declare customersSharing: number;
  declare calcUsingBedrooms: boolean;
  declare agencyHouseContractStatus: string | null;
  declare supplyType: string;
  declare energyUseType: string;
  declare marginType: string;
  declare paymentFrequency: string;
  declare weeklyPricePence: number | null;
  declare frozen: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare house?: House | null;
  declare agency?: Agency | null;
  declare tenantContracts?: TenantContract[];
  declare services?: Service[];
  declare bills?: Bill[];

  static override get relationMappings(): RelationMappings {
    return {
      house: { relation: Model.BelongsToOneRelation, modelClass: House, join: { from: 'house_contracts.house_id', to: 'houses.id' } },
      agency: { relation: Model.BelongsToOneRelation, modelClass: Agency, join: { from: 'house_contracts.agency_id', to: 'agencies.id' } },
      tenantContracts: { relation: Model.HasManyRelation, modelClass: TenantContract, join: { from: 'house_contracts.id', to: 'tenant_contracts.house_contract_id' } },
      services: { relation: Model.HasManyRelation, modelClass: Service, join: { from: 'house_contracts.id', to: 'services.house_contract_id' } },
      bills: { relation: Model.HasManyRelation, modelClass: Bill, join: { from: 'house_contracts.id', to: 'bills.house_contract_id' } },
    };
  }
}
