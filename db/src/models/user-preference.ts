import { BaseModel } from './base-model';

/** A value an account keeps for itself (a list's saved filters), the same in every browser it signs in from. */
export class UserPreference extends BaseModel {
  static override tableName = 'user_preferences';
  // The value is JSON; objection stores it as jsonb instead of a string.
  static override jsonAttributes = ['value'];

  declare id: number;
  declare userId: number;
  declare key: string;
  declare value: unknown;
  declare updatedAt: Date;
}
