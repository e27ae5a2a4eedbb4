import { BaseModel } from './base-model';

/** A sign-up in progress (or done): the wizard's state on the server, found by its token. */
export class SignupSession extends BaseModel {
  static override tableName = 'signup_sessions';
  static override jsonAttributes = ['state'];

  declare id: number;
  declare token: string;
  declare flow: string;
  declare step: string;
  declare state: Record<string, unknown>;
  declare email: string | null;
  declare postcode: string | null;
  declare referralSlug: string | null;
  declare completedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
