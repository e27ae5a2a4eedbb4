import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { HouseContract } from './house-contract';

/** A housemate the lead tenant invited by e-mail to join a house contract; answered once they sign up from it. */
export class SignupInvitation extends BaseModel {
  static override tableName = 'signup_invitations';

  declare id: number;
  declare groupId: number;
  declare houseContractId: number;
  declare email: string;
  declare invitedByTenantContractId: number;
  declare tenantContractId: number | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare houseContract?: HouseContract | null;

  static override get relationMappings(): RelationMappings {
    return {
      houseContract: { relation: Model.BelongsToOneRelation, modelClass: HouseContract, join: { from: 'signup_invitations.house_contract_id', to: 'house_contracts.id' } },
    };
  }
}
