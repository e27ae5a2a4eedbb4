import { Agency, House, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { createNotifications } from './create-notification.service';

export interface BroadcastInput {
  houseId?: number | null;
  agencyId?: number | null;
  title: string;
  message: string;
  /** SUCCESS (default), WARNING or ERROR: how the message is shown. */
  notificationType?: 'SUCCESS' | 'WARNING' | 'ERROR' | null;
}

const SHOWN_TYPES = ['SUCCESS', 'WARNING', 'ERROR'] as const;

const TITLE_MAX = 255;
const MESSAGE_MAX = 2000;

function checkText(input: BroadcastInput): void {
  if ((input.houseId == null) === (input.agencyId == null)) throw DomainError.invalid([{ field: 'houseId', rule: 'oneOf', message: 'Choose a house or an agency' }]);
  if (!input.title?.trim()) throw DomainError.invalid([{ field: 'title', rule: 'required', message: 'Title is required' }]);
  if (input.title.length > TITLE_MAX) throw DomainError.invalid([{ field: 'title', rule: 'maxLength', message: `Title must be at most ${TITLE_MAX} characters` }]);
  if (!input.message?.trim()) throw DomainError.invalid([{ field: 'message', rule: 'required', message: 'Message is required' }]);
  if (input.notificationType != null && !SHOWN_TYPES.includes(input.notificationType)) {
    throw DomainError.invalid([{ field: 'notificationType', rule: 'oneOf', message: 'Type must be SUCCESS, WARNING or ERROR' }]);
  }
  if (input.message.length > MESSAGE_MAX) throw DomainError.invalid([{ field: 'message', rule: 'maxLength', message: `Message must be at most ${MESSAGE_MAX} characters` }]);
}

/** The tenants of a house's current and coming contracts, or the agents of an agency, of the staff member's group. */
async function recipients(db: Knex, groupId: number, input: BroadcastInput, today: string): Promise<number[]> {
  if (input.houseId != null) {
    const house = await House.query(db)
      .findOne({ id: input.houseId, group_id: groupId })
      .withGraphFetched('houseContracts(current).tenantContracts(current)')
      .modifiers({ current: (q) => q.where('end_date', '>=', today) });
    if (!house) throw new DomainError('NOT_FOUND', 'House not found');
    return (house.houseContracts ?? []).flatMap((hc) => (hc.tenantContracts ?? []).map((tc) => tc.userId));
  }
  const agency = await Agency.query(db).findOne({ id: input.agencyId!, group_id: groupId }).withGraphFetched('agents');
  if (!agency) throw new DomainError('NOT_FOUND', 'Agency not found');
  return (agency.agents ?? []).map((agent) => agent.id);
}

/** Staff send one message to everyone living in a house or working for an agency; answers how many got it. */
export async function broadcastNotification(db: Knex, groupId: number, input: BroadcastInput, today = new Date().toISOString().slice(0, 10)): Promise<number> {
  checkText(input);
  return db.transaction(async (trx) => {
    const userIds = [...new Set(await recipients(trx, groupId, input, today))];
    await createNotifications(
      trx,
      userIds.map((userId) => ({ userId, title: input.title.trim(), message: input.message.trim(), notificationType: input.notificationType ?? 'SUCCESS', type: 'BROADCAST' })),
    );
    return userIds.length;
  });
}
