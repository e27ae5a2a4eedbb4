import { BaseModel } from './base-model';

/** A one-time link of the welcome e-mail that confirms the account's address (only its SHA-256 is kept). */
export class AccountConfirmationToken extends BaseModel {
  static override tableName = 'account_confirmation_tokens';

  declare id: number;
  declare userId: number;
  declare tokenHash: string;
  declare createdAt: Date;
  declare expiresAt: Date;
  declare usedAt: Date | null;
}
