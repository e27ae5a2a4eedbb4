import { Model, type RelationMappings } from 'objection';
import { BaseModel } from './base-model';
import { Agency } from './agency';
import { Notification } from './notification';
import { Partner } from './partner';
import { TenantContract } from './tenant-contract';

export class User extends BaseModel {
  static override tableName = 'users';

  declare id: number;
  declare email: string;
  declare firstName: string;
  declare lastName: string;
  declare role: string;
  declare portal: string | null;
  declare status: string;
  declare isFo: boolean;
  declare partnerId: number | null;
  declare backofficeRoleId: number | null;
  declare phone: string | null;
  declare customerType: string | null;
  declare dateOfBirth: string | null;
  declare cityId: number | null;
  /** On the Priority Services Register: credit control takes the gentle path. */
  declare priorityServices: boolean;
  /** The alternative (correspondence) address given at sign-up, when it is not the house. */
  declare correspondenceStreetName: string | null;
  declare correspondenceCityName: string | null;
  declare correspondencePostCode: string | null;
  declare confirmedAt: Date | null;
  declare expiresAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare tenantContracts?: TenantContract[];
  declare agencies?: Agency[];
  declare partner?: Partner | null;
  declare notifications?: Notification[];

  static override get relationMappings(): RelationMappings {
    return {
      tenantContracts: { relation: Model.HasManyRelation, modelClass: TenantContract, join: { from: 'users.id', to: 'tenant_contracts.user_id' } },
      agencies: { relation: Model.ManyToManyRelation, modelClass: Agency, join: { from: 'users.id', through: { from: 'agent_agencies.user_id', to: 'agent_agencies.agency_id' }, to: 'agencies.id' } },
      partner: { relation: Model.BelongsToOneRelation, modelClass: Partner, join: { from: 'users.partner_id', to: 'partners.id' } },
      notifications: { relation: Model.HasManyRelation, modelClass: Notification, join: { from: 'users.id', to: 'notifications.user_id' } },
    };
  }
}
