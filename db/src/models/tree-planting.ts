import { BaseModel } from './base-model';

/** One tree planted for a customer (specification §1), at their first sign-up. */
export class TreePlanting extends BaseModel {
  static override tableName = 'tree_plantings';

  declare id: number;
  declare userId: number;
  declare tenantContractId: number;
  declare createdAt: Date;
}
