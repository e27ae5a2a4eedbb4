import { BaseModel } from './base-model';

export class Group extends BaseModel {
  static override tableName = 'groups';

  declare id: number;
  declare name: string;
  declare cardProvider: string;
  declare serviceUserNumber: string;
  declare brandColour: string | null;
}
