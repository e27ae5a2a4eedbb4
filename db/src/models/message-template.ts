import { BaseModel } from './base-model';

/** The wording of a credit-control step on one channel, with {{placeholders}} (staff edit it). */
export class MessageTemplate extends BaseModel {
  static override tableName = 'message_templates';

  declare id: number;
  declare step: string;
  declare channel: 'EMAIL' | 'SMS';
  declare subject: string | null;
  declare body: string;
}
