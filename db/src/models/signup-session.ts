import { BaseModel } from './base-model';

/** A sign-up in progress (or done): the wizard's state on the server, found by its token. */
export class SignupSession extends BaseModel {
  static override tableName = 'signup_sessions';
  static override jsonAttributes = ['state', 'result'];

  declare id: number;
  declare token: string;
  declare flow: string;
  declare step: string;
  declare state: Record<string, unknown>;
  declare email: string | null;
  declare postcode: string | null;
  declare referralSlug: string | null;
  declare completedAt: Date | null;
  /** When process-plan-signup / process-bill-signup created the sign-up's records (their ids below). */
  declare processedAt: Date | null;
  declare houseContractId: number | null;
  declare tenantContractId: number | null;
  declare userId: number | null;
  declare paymentMethod: string | null;
  /** The answer the processing gave, sent again as it was when the same token comes back. */
  declare result: Record<string, unknown> | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
