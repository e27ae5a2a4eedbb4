import { BaseModel } from './base-model';

/** A webhook or callback received from a payment provider, stored by its id so it is processed once. */
export class PaymentProviderEvent extends BaseModel {
  static override tableName = 'payment_provider_events';

  declare id: number;
  declare provider: string;
  declare eventId: string;
  declare eventType: string;
  declare payload: unknown;
  declare receivedAt: Date;
}
